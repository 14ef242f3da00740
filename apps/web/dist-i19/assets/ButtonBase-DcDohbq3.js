import{r as e}from"./rolldown-runtime-XKyaHtl9.js";import{s as t}from"./i18nInstance-CxHVAVKM.js";import{$ as n,E as r,F as i,I as a,N as o,P as s,Q as c,T as l,X as u,g as d,h as f,m as p,y as m}from"./Box-CskRkfOW.js";import{l as h,s as g}from"./index-V5SPxCpL.js";var _=e(t(),1);function v(...e){let t=_.useRef(void 0),n=_.useCallback(t=>{let n=e.map(e=>{if(e==null)return null;if(typeof e==`function`){let n=e,r=n(t);return typeof r==`function`?r:()=>{n(null)}}return e.current=t,()=>{e.current=null}});return()=>{n.forEach(e=>e?.())}},e);return _.useMemo(()=>e.every(e=>e==null)?null:e=>{t.current&&=(t.current(),void 0),e!=null&&(t.current=n(e))},e)}function y(e){let t=_.useRef(e);return h(()=>{t.current=e}),_.useRef((...e)=>(0,t.current)(...e)).current}function b(){let e=a(m);return e.$$material||e}var x=v,S=g,C=y,w={};function T(e,t){let n=_.useRef(w);return n.current===w&&(n.current=e(t)),n}var E=u(),D=`(prefers-reduced-motion: reduce)`,O=0,k=`0ms`,A=()=>{},j=()=>!1,ee=()=>!0,te=()=>A;function M(e){let[t,n]=_.useState(()=>({enabled:e,matches:e?null:!1})),r=t.matches;return t.enabled!==e&&(r=null,e||(r=!1)),h(()=>{let r=t=>{n(n=>n.enabled===e&&n.matches===t?n:{enabled:e,matches:t})};if(!e){t.enabled&&r(!1);return}if(typeof window>`u`||typeof window.matchMedia!=`function`){r(!1);return}let i=window.matchMedia(D),a=()=>{r(i.matches)};return a(),i.addEventListener(`change`,a),()=>{i.removeEventListener(`change`,a)}},[e,t.enabled]),r}var N={..._}.useSyncExternalStore;function ne(e){let t=e?ee:j,[n,r]=_.useMemo(()=>{if(!e||typeof window>`u`||typeof window.matchMedia!=`function`)return[j,te];let t=window.matchMedia(D);return[()=>t.matches,e=>(t.addEventListener(`change`,e),()=>{t.removeEventListener(`change`,e)})]},[e]);return N(r,n,t)}var re=N===void 0?M:ne;function P(e,t){let n=re(!t&&e===`system`),r=!t&&(e===`always`||e===`system`&&n!==!1);return _.useMemo(()=>({shouldReduceMotion:r,getTransitionTiming(e){return r?{duration:O,delay:k}:e}}),[r])}function F(e){try{return e.matches(`:focus-visible`)}catch{}return!1}function I(e){let{focusableWhenDisabled:t,disabled:n,composite:r=!1,tabIndex:i=0,isNativeButton:a}=e,o=r&&t!==!1,s=r&&t===!1;return _.useMemo(()=>{let e={onKeyDown(e){n&&t&&e.key!==`Tab`&&e.preventDefault()}};return r||(e.tabIndex=i,!a&&n&&(e.tabIndex=t?i:-1)),(a&&(t||o)||!a&&n)&&(e[`aria-disabled`]=n),a&&(!t||s)&&(e.disabled=n),e},[r,n,t,o,s,a,i])}var ie={};function ae(e){let{nativeButton:t,nativeButtonProp:n,internalNativeButton:r=t,allowInferredHostMismatch:i=!1,disabled:a,type:o,hasFormAction:s=!1,tabIndex:c=0,focusableWhenDisabled:l,stopEventPropagation:u=!1,onBeforeKeyDown:d,onBeforeKeyUp:f}=e,p=_.useRef(null),m=l===!0,h=I({focusableWhenDisabled:m,disabled:a,isNativeButton:t,tabIndex:c}),g=_.useCallback(()=>{let e=p.current;return e==null?t:e.tagName===`BUTTON`||!!(e.tagName===`A`&&e.href)},[t]),v=_.useMemo(()=>{let e=m?{}:{tabIndex:a?-1:c};return t?(e.type=o===void 0&&!s?`button`:o,m||(e.disabled=a)):(e.role=`button`,!m&&a&&(e[`aria-disabled`]=a)),m?{...e,...h}:e},[a,m,h,s,t,c,o]);return{getButtonProps:_.useCallback((e=ie)=>{let{onClick:t,onKeyDown:n,onKeyUp:r,...i}=e,o=e=>{u&&e.stopPropagation(),a?e.preventDefault():t?.(e)},s=e=>{m&&h.onKeyDown(e),a||(d?.(e),n?.(e),e.target!==e.currentTarget||g()||(e.key===` `?e.preventDefault():e.key===`Enter`&&(e.preventDefault(),e.currentTarget.click())))},c=e=>{a||(f?.(e),r?.(e),e.target===e.currentTarget&&!g()&&e.key===` `&&!e.defaultPrevented&&e.currentTarget.click())};return{...v,...i,onClick:o,onKeyDown:s,onKeyUp:c}},[v,a,m,h,g,d,f,u]),rootRef:p}}var oe=class e{ref={current:null};shouldMount=!1;mounted=null;didMount=!1;setShouldMount=null;static create(){return new e}static use(){let t=T(e.create).current,[n,r]=_.useState(!1);return t.shouldMount=n,t.setShouldMount=r,_.useEffect(t.mountEffect,[n]),t}mount(){return this.mounted||(this.mounted=L(),this.shouldMount=!0,this.setShouldMount(this.shouldMount)),this.mounted}mountEffect=()=>{this.shouldMount&&!this.didMount&&(this.ref.current!==null&&(this.didMount=!0),this.mounted.resolve())};start(...e){this.mount().then(()=>this.ref.current?.start(...e))}stop(...e){this.mount().then(()=>this.ref.current?.stop(...e))}pulsate(...e){this.mount().then(()=>this.ref.current?.pulsate(...e))}};function se(){return oe.use()}function L(){let e,t,n=new Promise((n,r)=>{e=n,t=r});return n.resolve=e,n.reject=t,n}var R=[];function z(e){_.useEffect(e,R)}var B=class e{static create(){return new e}currentId=null;start(e,t){this.clear(),this.currentId=setTimeout(()=>{this.currentId=null,t()},e)}clear=()=>{this.currentId!==null&&(clearTimeout(this.currentId),this.currentId=null)};disposeEffect=()=>this.clear};function V(){let e=T(B.create).current;return z(e.disposeEffect),e}function H(e){let{className:t,classes:n,pulsate:r=!1,rippleX:a,rippleY:o,rippleSize:s,in:c,onExited:l,timeout:u}=e,[d,f]=_.useState(!1),p=V(),m=_.useRef(!1),h=_.useRef(l);h.current=l;let g=l!=null,v=i(t,n.ripple,n.rippleVisible,r&&n.ripplePulsate),y={width:s,height:s,top:-(s/2)+o,left:-(s/2)+a},b=i(n.child,d&&n.childLeaving,r&&n.childPulsate);return!c&&!d&&f(!0),_.useEffect(()=>{!c&&g?m.current||(m.current=!0,p.start(u,()=>{m.current=!1,h.current?.()})):(m.current=!1,p.clear())},[p,g,c,u]),(0,E.jsx)(`span`,{className:v,style:y,children:(0,E.jsx)(`span`,{className:b})})}var U=o(`MuiTouchRipple`,[`root`,`ripple`,`rippleVisible`,`ripplePulsate`,`child`,`childLeaving`,`childPulsate`]),W=550,G={},K=[],q=()=>{};function J(e,t){let n=new Set(t),r=new Map,i=[];for(let t of e)n.has(t)?i.length>0&&(r.set(t,i),i=[]):i.push(t);let a=[];for(let e of t){let t=r.get(e);t&&a.push(...t),a.push(e)}return a.push(...i),a}function ce({event:e,element:t,center:n}){let r=t?t.getBoundingClientRect():{width:0,height:0,left:0,top:0},i,a;if(n||e===void 0||e.clientX===0&&e.clientY===0||!e.clientX&&!e.touches)i=Math.round(r.width/2),a=Math.round(r.height/2);else{let{clientX:t,clientY:n}=e.touches&&e.touches.length>0?e.touches[0]:e;i=Math.round(t-r.left),a=Math.round(n-r.top)}let o;if(n)o=Math.sqrt((2*r.width**2+r.height**2)/3),o%2==0&&(o+=1);else{let e=Math.max(Math.abs((t?t.clientWidth:0)-i),i)*2+2,n=Math.max(Math.abs((t?t.clientHeight:0)-a),a)*2+2;o=Math.sqrt(e**2+n**2)}return{rippleX:i,rippleY:a,rippleSize:o}}var Y=n`
  0% {
    transform: scale(0);
    opacity: 0.1;
  }

  100% {
    transform: scale(1);
    opacity: 0.3;
  }
`,X=n`
  0% {
    opacity: 1;
  }

  100% {
    opacity: 0;
  }
`,le=n`
  0% {
    transform: scale(1);
  }

  50% {
    transform: scale(0.92);
  }

  100% {
    transform: scale(1);
  }
`;function ue(e){if(e.motion.reducedMotion===`always`)return null;let t=c`
    &.${U.rippleVisible} {
      animation-name: ${Y};
      animation-duration: ${W}ms;
      animation-timing-function: ${e.transitions.easing.easeInOut};
    }

    &.${U.ripplePulsate} {
      animation-duration: ${e.transitions.duration.shorter}ms;
    }

    & .${U.childLeaving} {
      animation-name: ${X};
      animation-duration: ${W}ms;
      animation-timing-function: ${e.transitions.easing.easeInOut};
    }

    & .${U.childPulsate} {
      animation-name: ${le};
      animation-duration: 2500ms;
      animation-timing-function: ${e.transitions.easing.easeInOut};
      animation-iteration-count: infinite;
      animation-delay: 200ms;
    }
  `;return e.motion.reducedMotion===`system`?c`
      @media (prefers-reduced-motion: no-preference) {
        ${t}
      }
    `:t}var de=d(`span`,{name:`MuiTouchRipple`,slot:`Root`})({overflow:`hidden`,pointerEvents:`none`,position:`absolute`,zIndex:0,top:0,right:0,bottom:0,left:0,borderRadius:`inherit`}),fe=d(H,{name:`MuiTouchRipple`,slot:`Ripple`})`
  opacity: 0;
  position: absolute;

  &.${U.rippleVisible} {
    opacity: 0.3;
    transform: scale(1);
  }

  /*
   * Order matters: 'child', 'childLeaving' and 'childPulsate' apply to the same
   * element with equal specificity, so the later rule wins. 'child' must come
   * before 'childLeaving' so the leaving 'opacity: 0' takes precedence. A focus
   * (pulsate) ripple keeps 'pulsateKeyframe' (no opacity animation) on exit, so
   * it relies on this static 'opacity: 0' to disappear on blur instead of
   * lingering until removal.
   */
  & .${U.child} {
    opacity: 1;
    display: block;
    width: 100%;
    height: 100%;
    border-radius: 50%;
    background-color: currentColor;
  }

  & .${U.childLeaving} {
    opacity: 0;
  }

  & .${U.childPulsate} {
    position: absolute;
    /* @noflip */
    left: 0px;
    top: 0;
  }

  ${({theme:e})=>ue(e)}
`,pe=_.forwardRef(function(e,t){let n=p({props:e,name:`MuiTouchRipple`}),r=P(b().motion.reducedMotion,!1),{center:a=!1,classes:o=G,className:s,...c}=n,[l,u]=_.useState({items:K,order:K}),d=l.items,f=_.useRef(0),m=_.useRef(null),h=_.useRef(!1);z(()=>(h.current=!0,()=>{h.current=!1})),_.useEffect(()=>{m.current&&=(m.current(),null)},[d]);let g=_.useRef(!1),v=V(),y=_.useRef(null),x=_.useRef(null),S=C(e=>{h.current&&u(t=>{let n=t.items.filter(t=>t.key!==e);return{items:n,order:J(t.order.filter(t=>t!==e),n.filter(e=>!e.exiting).map(e=>e.key))}})}),w=C(e=>{let{pulsate:t,rippleX:n,rippleY:r,rippleSize:i,cb:a}=e,o=f.current;f.current+=1,u(e=>{let a=[...e.items,{key:o,pulsate:t,rippleX:n,rippleY:r,rippleSize:i,exiting:!1}];return{items:a,order:J(e.order,a.filter(e=>!e.exiting).map(e=>e.key))}}),m.current=a}),T=C((e=G,t=G,n=q)=>{let{pulsate:r=!1,center:i=a||t.pulsate,fakeElement:o=!1}=t;if(e?.type===`mousedown`&&g.current){g.current=!1;return}e?.type===`touchstart`&&(g.current=!0);let{rippleX:s,rippleY:c,rippleSize:l}=ce({event:e,element:o?null:x.current,center:i});e?.touches?y.current===null&&(y.current=()=>{w({pulsate:r,rippleX:s,rippleY:c,rippleSize:l,cb:n})},v.start(80,()=>{y.current&&=(y.current(),null)})):w({pulsate:r,rippleX:s,rippleY:c,rippleSize:l,cb:n})}),D=C(()=>{T(G,{pulsate:!0})}),O=C((e,t)=>{v.clear(),e?.type===`touchend`&&y.current?(y.current(),y.current=null,v.start(0,()=>{O(e,t)})):(y.current=null,u(e=>{let t=e.items.findIndex(e=>!e.exiting);if(t===-1)return e;let n=e.items.slice();return n[t]={...n[t],exiting:!0},{items:n,order:J(e.order,n.filter(e=>!e.exiting).map(e=>e.key))}}),m.current=t)});_.useImperativeHandle(t,()=>({pulsate:D,start:T,stop:O}),[D,T,O]);let k=new Map(d.map(e=>[e.key,e])),A=l.order.map(e=>k.get(e)).filter(Boolean);return(0,E.jsx)(de,{className:i(U.root,o.root,s),ref:x,...c,children:A.map(e=>(0,E.jsx)(fe,{classes:{ripple:i(o.ripple,U.ripple),rippleVisible:i(o.rippleVisible,U.rippleVisible),ripplePulsate:i(o.ripplePulsate,U.ripplePulsate),child:i(o.child,U.child),childLeaving:i(o.childLeaving,U.childLeaving),childPulsate:i(o.childPulsate,U.childPulsate)},timeout:r.shouldReduceMotion?0:W,pulsate:e.pulsate,rippleX:e.rippleX,rippleY:e.rippleY,rippleSize:e.rippleSize,in:!e.exiting,onExited:()=>S(e.key)},e.key))})});function me(e){return s(`MuiButtonBase`,e)}var Z=o(`MuiButtonBase`,[`root`,`disabled`,`focusVisible`]),he=e=>{let{disabled:t,focusVisible:n,focusVisibleClassName:i,suppressFocusVisible:a,classes:o}=e,s=r({root:[`root`,t&&`disabled`,n&&!a&&`focusVisible`]},me,o);return n&&!a&&i&&(s.root+=` ${i}`),s},ge=d(`button`,{name:`MuiButtonBase`,slot:`Root`})(f(({theme:e})=>({display:`inline-flex`,alignItems:`center`,justifyContent:`center`,position:`relative`,boxSizing:`border-box`,WebkitTapHighlightColor:`transparent`,backgroundColor:`transparent`,outline:0,border:0,margin:0,borderRadius:0,padding:0,cursor:`pointer`,userSelect:`none`,verticalAlign:`middle`,MozAppearance:`none`,WebkitAppearance:`none`,textDecoration:`none`,color:`inherit`,"&::-moz-focus-inner":{borderStyle:`none`},[`&.${Z.disabled}`]:{pointerEvents:`none`,cursor:`default`},"@media print":{colorAdjust:`exact`},variants:[{props:{internalDisabledThemeFocusVisible:!1},style:e.focusVisible&&{...l,[`&.${Z.focusVisible}`]:e.focusVisible}}]}))),_e=_.forwardRef(function(e,t){let n=p({props:e,name:`MuiButtonBase`}),{action:r,centerRipple:a=!1,children:o,className:s,component:c=`button`,disabled:l=!1,disableRipple:u=!1,disableTouchRipple:d=!1,focusRipple:f=!1,focusVisibleClassName:m,focusableWhenDisabled:h,suppressFocusVisible:g=!1,internalNativeButton:v,internalDisabledThemeFocusVisible:y=!1,LinkComponent:b=`a`,nativeButton:S,onBlur:w,onClick:T,onContextMenu:D,onDragLeave:O,onFocus:k,onFocusVisible:A,onKeyDown:j,onKeyUp:ee,onMouseDown:te,onMouseLeave:M,onMouseUp:N,onTouchEnd:ne,onTouchMove:re,onTouchStart:P,tabIndex:I=0,TouchRippleProps:ie,touchRippleRef:oe,type:L,...R}=n,z=!!(R.href||R.to),B=!!R.formAction,V=c;V===`button`&&z&&(V=b);let H=typeof V==`string`?V===`button`:v??!1,U=S??H,W=se(),G=x(W.ref,oe),[K,q]=_.useState(!1);(l||g)&&K&&q(!1);let J=C(e=>{f&&!e.repeat&&K&&e.key===` `&&W.stop(e,()=>{W.start(e)})}),ce=C(e=>{f&&e.key===` `&&K&&!e.defaultPrevented&&W.stop(e,()=>{W.pulsate(e)})}),{getButtonProps:Y,rootRef:X}=ae({nativeButton:U,nativeButtonProp:S,internalNativeButton:H,allowInferredHostMismatch:z||typeof V==`string`,disabled:l,type:L,hasFormAction:B,tabIndex:I,onBeforeKeyDown:J,onBeforeKeyUp:ce}),{onClick:le,onKeyDown:ue,onKeyUp:de,...fe}=Y({onClick:T,onKeyDown:j,onKeyUp:ee});_.useImperativeHandle(r,()=>({focusVisible:()=>{q(!0),X.current.focus()}}),[X]);let me=W.shouldMount&&!u&&!l;_.useEffect(()=>{K&&f&&!u&&W.pulsate()},[u,f,K,W]);let Z=Q(W,`start`,te,d),_e=Q(W,`stop`,D,d),ve=Q(W,`stop`,O,d),ye=Q(W,`stop`,N,d),be=Q(W,`stop`,e=>{K&&e.preventDefault(),M&&M(e)},d),xe=Q(W,`start`,P,d),Se=Q(W,`stop`,ne,d),Ce=Q(W,`stop`,re,d),we=Q(W,`stop`,e=>{F(e.target)||q(!1),w&&w(e)},!1),Te=C(e=>{X.current||=e.currentTarget,!g&&F(e.target)&&(q(!0),A&&A(e)),k&&k(e)}),$={};z&&($.tabIndex=l?-1:I,l&&($[`aria-disabled`]=l),$.type=L);let Ee=x(t,X),De={...n,centerRipple:a,component:c,disabled:l,disableRipple:u,disableTouchRipple:d,focusRipple:f,suppressFocusVisible:g,tabIndex:I,focusVisible:K,internalDisabledThemeFocusVisible:y},Oe=he(De);return(0,E.jsxs)(ge,{as:V,className:i(Oe.root,s),ownerState:De,onBlur:we,onClick:le,onContextMenu:_e,onFocus:Te,onKeyDown:ue,onKeyUp:de,onMouseDown:Z,onMouseLeave:be,onMouseUp:ye,onDragLeave:ve,onTouchEnd:Se,onTouchMove:Ce,onTouchStart:xe,ref:Ee,...z?$:fe,...R,children:[o,me?(0,E.jsx)(pe,{ref:G,center:a,...ie}):null]})});function Q(e,t,n,r=!1){return C(i=>(n&&n(i),r||e[t](i),!0))}export{F as a,C as c,b as d,y as f,V as i,S as l,Z as n,P as o,v as p,B as r,T as s,_e as t,x as u};
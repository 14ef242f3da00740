import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Mail } from '../../lib/mailer.ts';
import { escapeHtml } from '../../lib/text.ts';

// The newsletter mail (issue 20): responsive HTML (one 600 px column, inline styles, as mail
// clients need) with a text part, the practice's name, and a one-click unsubscribe link signed
// for its recipient (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post).

/** An unsubscribe link stays valid 90 days after its mail was written. */
export const UNSUBSCRIBE_TTL_MS = 90 * 24 * 3600_000;

export interface MailArticle {
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
}

export interface NewsletterContent {
  title: string;
  intro: string;
  articles: MailArticle[];
}

export interface MailRecipient {
  email: string;
  firstName: string;
  /** The recipient's practice ("Cabinet Démo"); null for a user of no practice. */
  practiceName: string | null;
}

function sign(key: Uint8Array, payload: string): string {
  return createHmac('sha256', key).update('newsletter-unsubscribe:' + payload).digest('base64url');
}

/** A token naming the user and the newsletter, with its expiry, signed with the server's key. */
export function unsubscribeToken(key: Uint8Array, userId: string, newsletterId: string, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify([userId, newsletterId, expiresAt])).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The user and newsletter of a valid token; null when tampered, malformed or expired. */
export function readUnsubscribeToken(key: Uint8Array, token: string, now: number): { userId: string; newsletterId: string } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [userId, newsletterId, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (typeof userId !== 'string' || typeof newsletterId !== 'string' || typeof expiresAt !== 'number' || expiresAt < now) return null;
    return { userId, newsletterId };
  } catch {
    return null;
  }
}

/** The mail of one recipient. `publicUrl` is the server's public address (links, unsubscribe). */
export function renderNewsletterMail(content: NewsletterContent, recipient: MailRecipient, publicUrl: string, token: string): Mail {
  const base = publicUrl.replace(/\/$/, '');
  const pageLink = `${base}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = `${base}/api/newspapers/unsubscribe?token=${encodeURIComponent(token)}`;
  const practice = recipient.practiceName ?? 'WellBe';
  const hello = recipient.firstName ? `Bonjour ${recipient.firstName},` : 'Bonjour,';
  const why = recipient.practiceName
    ? `Vous recevez cette lettre parce que vous l’avez demandée dans votre profil WellBe (${recipient.practiceName}).`
    : 'Vous recevez cette lettre parce que vous l’avez demandée dans votre profil WellBe.';

  const text = [
    `${practice} — ${content.title}`,
    '',
    hello,
    '',
    content.intro,
    '',
    ...content.articles.flatMap((a) => [`• ${a.title} (${a.readingMinutes} min de lecture)`, a.summary ? `  ${a.summary}` : '', `  ${base}/articles/${a.slug}`, '']),
    '—',
    why,
    `Se désinscrire en un clic : ${pageLink}`,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');

  const articleBlocks = content.articles
    .map(
      (a) => `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb">
<h2 style="margin:0 0 6px;font-size:18px;line-height:1.3;color:#0f172a">${escapeHtml(a.title)}</h2>
${a.summary ? `<p style="margin:0 0 8px;font-size:15px;line-height:1.5;color:#334155">${escapeHtml(a.summary)}</p>` : ''}
<p style="margin:0;font-size:14px"><a href="${escapeHtml(`${base}/articles/${a.slug}`)}" style="color:#0f766e;font-weight:bold">Lire l’article</a> <span style="color:#64748b">· ${a.readingMinutes} min de lecture</span></p>
</td></tr>`,
    )
    .join('\n');

  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#0f766e;color:#ffffff;border-radius:8px 8px 0 0">
<p style="margin:0;font-size:13px;letter-spacing:.04em;text-transform:uppercase">${escapeHtml(practice)}</p>
<h1 style="margin:4px 0 0;font-size:22px;line-height:1.3">${escapeHtml(content.title)}</h1>
</td></tr>
<tr><td style="padding:20px 24px 8px;font-size:15px;line-height:1.6;color:#0f172a"><p style="margin:0 0 8px">${escapeHtml(hello)}</p><p style="margin:0;white-space:pre-line">${escapeHtml(content.intro)}</p></td></tr>
${articleBlocks}
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#64748b">
<p style="margin:0 0 6px">${escapeHtml(why)}</p>
<p style="margin:0"><a href="${escapeHtml(pageLink)}" style="color:#64748b">Se désinscrire en un clic</a></p>
</td></tr>
</table></td></tr></table>
</body></html>`;

  return {
    to: recipient.email,
    subject: `${content.title} — ${practice}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';

// The route table (app/pages.ts, part of /dashboard's first load) lists each page's chunk with the
// chunks it needs: this entry imports almost nothing, so /journal adds only its own name there; the
// forms, pickers and slider come with the body. A default export, so that its line there is the
// shortest (the route table weighs on /dashboard's first-load budget, bundle-budget.test.ts).
const Body = lazy(() => import('./diary-page-body.tsx').then((m) => ({ default: m.DiaryPageBody })));

/** /journal: the patient notes their weight, meals, pain and activities from their phone, and reads their practitioners' comments. */
export default function MyDiaryPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Body />
    </Suspense>
  );
}

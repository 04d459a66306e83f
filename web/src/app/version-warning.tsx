import { lazy, Suspense } from 'react';
import { create } from 'zustand';

/** Whether the "version too new" warning was raised at start-up. */
export const useVersionWarning = create<{ raised: boolean }>()(() => ({ raised: false }));

/** Raised only when the server answers: the warning's code loads then (it is not on the first route's budget). */
const Raised = lazy(() => import('./raised-version-warning').then((m) => ({ default: m.RaisedVersionWarning })));

/** The red warning under the header, once raised (SPEC.md §4, §9). */
export function VersionWarning() {
  const raised = useVersionWarning((s) => s.raised);
  return raised ? (
    <Suspense fallback={null}>
      <Raised />
    </Suspense>
  ) : null;
}

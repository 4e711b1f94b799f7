import type { ReactNode } from 'react';
import { Controls } from '../common/Controls';

/** A view that works on the problem of the inputs (the ladder, the partitions): the problem panel, then the view. */
export function ProblemView({ children }: { children: ReactNode }) {
  return (
    <>
      <Controls compact />
      {children}
    </>
  );
}

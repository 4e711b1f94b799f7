/** How the checked run marks and judges the elements of C (shared by the judge and the slip models). */

/** The bits C starts as: a NaN no arithmetic makes, so an element still holding it was never written. */
export const kUnwrittenBits = 0x7fbadbad;

/** What each element of C was: right, wrong (a value that does not match), or never written. */
export const kCell = { right: 0, wrong: 1, unwritten: 2 } as const;

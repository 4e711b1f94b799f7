/** Tiling math, restated independently of src/ for the end-to-end checks. */
export const ceilDivForTest = (a: number, b: number): number => Math.ceil(a / b);
/** C tile (row ty, column tx) is computed by workgroup_id (x = tx, y = ty). */
export const expectedWorkgroup = (ty: number, tx: number): string => `${tx},${ty}`;

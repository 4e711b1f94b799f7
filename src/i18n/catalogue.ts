/**
 * The shape every translation must have: the English catalogue's keys, each with a string. A
 * catalogue typed `Catalogue<typeof en>` that misses a key or adds one does not compile
 * (catalogue.test.ts checks the same at run time, with the {{placeholders}} of each string).
 */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** The shape of en-US with every leaf widened to string: a translation missing a key fails tsc. */
export type DeepStringify<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStringify<T[K]> };

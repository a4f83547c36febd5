import type { KnownApi, Model } from "../types.js";

/** `T` with every property and array, at any depth, read-only. */
export type DeepReadonly<T> = T extends string | number | boolean | bigint | symbol | null | undefined
	? T
	: T extends (infer Item)[]
		? readonly DeepReadonly<Item>[]
		: T extends object
			? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
			: T;

/**
 * One model as the checked-in catalogue stores it: a complete {@link Model}, read-only, on
 * one of the wire APIs that ship with Kestrel. Lookups hand out mutable copies.
 */
export type CatalogueEntry = DeepReadonly<Model<KnownApi>>;

/** The catalogue's shape: provider → model id → entry. */
export type CatalogueData = { readonly [provider: string]: { readonly [id: string]: CatalogueEntry } };

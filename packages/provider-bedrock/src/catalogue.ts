import type { Model } from "@kestrel/ai";

/** The day the figures below were checked. */
export const BEDROCK_CATALOGUE_DATE = "2026-12-03";

/** Current Bedrock models on ConverseStream, with their limits and prices. Filled in by the catalogue step. */
export const BEDROCK_MODELS: readonly Model<"bedrock-converse-stream">[] = [];

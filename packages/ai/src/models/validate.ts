import type { Model, ThinkingLevel } from "../types.js";

const LEVELS: readonly ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

/**
 * What is wrong with a model definition, one sentence per problem; empty when it is
 * usable. Checks what a request or a cost calculation would trip over: the base URL,
 * the token limits, the prices, the input kinds and the thinking levels.
 */
export function validateModel(model: Model): string[] {
	const problems: string[] = [];
	if (!model.id) problems.push("id is empty");
	if (!model.name) problems.push("name is empty");
	if (!isHttpUrl(model.baseUrl))
		problems.push(`baseUrl ${JSON.stringify(model.baseUrl)} is not an http(s) URL`);
	if (!isPositiveInteger(model.contextWindow)) problems.push("contextWindow must be a positive integer");
	if (!isPositiveInteger(model.maxTokens)) problems.push("maxTokens must be a positive integer");
	else if (model.maxTokens > model.contextWindow) problems.push("maxTokens is larger than contextWindow");
	for (const [field, price] of Object.entries(model.cost)) {
		if (!Number.isFinite(price) || price < 0) problems.push(`cost.${field} must be a number ≥ 0`);
	}
	if (!model.input.includes("text")) problems.push('input must include "text"');
	if (model.input.some((kind) => kind !== "text" && kind !== "image")) {
		problems.push('input may only hold "text" and "image"');
	}
	if (model.thinkingLevels) problems.push(...thinkingLevelProblems(model));
	return problems;
}

function thinkingLevelProblems(model: Model): string[] {
	const levels = model.thinkingLevels ?? [];
	if (!model.reasoning) return ["thinkingLevels is set on a model without reasoning"];
	const problems: string[] = [];
	if (levels.some((level) => !LEVELS.includes(level))) problems.push("thinkingLevels has an unknown level");
	if (new Set(levels).size !== levels.length) problems.push("thinkingLevels repeats a level");
	if (!levels.some((level) => level !== "off"))
		problems.push('thinkingLevels needs a level other than "off"');
	return problems;
}

function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return url.protocol === "http:" || url.protocol === "https:";
	} catch {
		return false;
	}
}

function isPositiveInteger(value: number): boolean {
	return Number.isInteger(value) && value > 0;
}

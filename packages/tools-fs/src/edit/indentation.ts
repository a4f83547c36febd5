/**
 * Indentation: splitting lines into indent and content, checking that a model's
 * indentation of a snippet corresponds to the file's, and translating the model's
 * indentation of new lines into the file's style.
 */

const TAB_COLUMNS = 4;

export function leadingWhitespace(line: string): string {
	let end = 0;
	while (end < line.length && isIndentCharacter(line.charCodeAt(end))) end++;
	return line.slice(0, end);
}

function isIndentCharacter(code: number): boolean {
	return code === 32 || code === 9 || code === 0xa0 || (code >= 0x2000 && code <= 0x200a) || code === 0x3000;
}

export function columns(indent: string): number {
	let width = 0;
	for (const character of indent)
		width = character === "\t" ? width - (width % TAB_COLUMNS) + TAB_COLUMNS : width + 1;
	return width;
}

export function isBlank(line: string): boolean {
	return leadingWhitespace(line).length === line.length;
}

function gcd(a: number, b: number): number {
	return b === 0 ? a : gcd(b, a % b);
}

/** The indent step of a text: a tab, or the most common width by which indentation changes. */
export function detectIndentUnit(lines: readonly string[]): string | undefined {
	let tabs = 0;
	let spaces = 0;
	const steps = new Map<number, number>();
	let previous: number | undefined;
	for (const line of lines) {
		if (isBlank(line)) continue;
		const indent = leadingWhitespace(line);
		if (indent.startsWith("\t")) tabs++;
		else if (indent.startsWith(" ")) spaces++;
		const width = columns(indent);
		if (previous !== undefined && width !== previous) {
			const step = Math.abs(width - previous);
			steps.set(step, (steps.get(step) ?? 0) + 1);
		}
		previous = width;
	}
	if (tabs > spaces) return "\t";
	let best: number | undefined;
	for (const [step, count] of steps) {
		if (best === undefined || count > steps.get(best)! || (count === steps.get(best)! && step < best))
			best = step;
	}
	return best === undefined ? undefined : " ".repeat(best);
}

interface IndentPair {
	modelColumns: number;
	fileIndent: string;
}

/**
 * How the model's indentation of a matched snippet corresponds to the file's: built from
 * the lines of a match, it translates the indentation of the model's new lines.
 */
export class IndentMap {
	private readonly pairs: IndentPair[];
	private readonly exact = new Map<string, string>();

	private constructor(
		pairs: IndentPair[],
		exact: [string, string][],
		private readonly modelUnit: number,
		private readonly fileUnit: string,
	) {
		this.pairs = pairs;
		for (const [model, file] of exact) this.exact.set(model, file);
	}

	/**
	 * Pairs the indentation of each non-blank line of the model's text with the file's
	 * line it matched. Returns `undefined` when the two do not correspond: the same model
	 * indentation stands for different file indentations, or the nesting order differs.
	 * `modelLines` (all of the model's old and new lines) and `fileLines` (the whole file)
	 * tell the indent steps when the match alone does not.
	 */
	static build(
		modelIndents: readonly string[],
		fileIndents: readonly string[],
		modelLines: readonly string[],
		fileLines: () => readonly string[],
	): IndentMap | undefined {
		const byModel = new Map<number, string>();
		const exact: [string, string][] = [];
		for (const [index, model] of modelIndents.entries()) {
			const file = fileIndents[index]!;
			const width = columns(model);
			const known = byModel.get(width);
			if (known !== undefined && columns(known) !== columns(file)) return undefined;
			if (known === undefined) byModel.set(width, file);
			exact.push([model, file]);
		}
		const pairs = [...byModel].map(([modelColumns, fileIndent]) => ({ modelColumns, fileIndent }));
		pairs.sort((a, b) => a.modelColumns - b.modelColumns);
		for (let index = 1; index < pairs.length; index++) {
			if (columns(pairs[index]!.fileIndent) <= columns(pairs[index - 1]!.fileIndent)) return undefined;
		}
		const modelUnit =
			unitColumns(pairs.map((pair) => pair.modelColumns)) ?? unitOf(modelLines) ?? TAB_COLUMNS;
		const fileUnit = fileUnitOf(pairs) ?? detectIndentUnit(fileLines()) ?? "\t";
		return new IndentMap(pairs, exact, modelUnit, fileUnit);
	}

	/** The file's indentation for a line the model indented with `model`. */
	translate(model: string): string {
		const known = this.exact.get(model);
		if (known !== undefined) return known;
		if (this.pairs.length === 0) return model;
		const width = columns(model);
		let base = this.pairs[0]!;
		for (const pair of this.pairs) if (pair.modelColumns <= width) base = pair;
		const steps = Math.round((width - base.modelColumns) / this.modelUnit);
		if (steps >= 0) return base.fileIndent + this.fileUnit.repeat(steps);
		let indent = base.fileIndent;
		for (let removed = 0; removed < -steps; removed++) {
			if (indent.endsWith(this.fileUnit)) indent = indent.slice(0, -this.fileUnit.length);
			else indent = indent.slice(0, Math.max(0, indent.length - 1));
		}
		return indent;
	}
}

function unitColumns(widths: readonly number[]): number | undefined {
	let unit = 0;
	for (let index = 1; index < widths.length; index++) unit = gcd(unit, widths[index]! - widths[index - 1]!);
	return unit > 0 ? unit : undefined;
}

function unitOf(lines: readonly string[]): number | undefined {
	const unit = detectIndentUnit(lines);
	return unit === undefined ? undefined : columns(unit);
}

function fileUnitOf(pairs: readonly IndentPair[]): string | undefined {
	if (pairs.length < 2) return undefined;
	const indents = pairs.map((pair) => pair.fileIndent);
	if (indents.slice(1).every((indent) => indent.endsWith("\t"))) return "\t";
	const unit = unitColumns(indents.map(columns));
	return unit === undefined ? undefined : " ".repeat(unit);
}

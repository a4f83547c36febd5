/**
 * Replaces known secret values with `[REDACTED:<name>]` before text is shown, sent or
 * stored. The host registers what it holds (API keys, tokens) under a name that says where
 * the value came from (`OPENAI_API_KEY`, `--api-key`); the name, never the value, is what
 * a reader then sees.
 *
 * Values shorter than {@link MIN_SECRET_LENGTH} characters are ignored: replacing every
 * `1234` in tool output would garble it, and such a value protects nothing.
 */
export class SecretRedactor {
	/** Longest first, so a value containing another is replaced whole. */
	private secrets: { value: string; placeholder: string }[] = [];

	/** Registers `value` under `name`; `undefined`, empty and short values are ignored. */
	add(name: string, value: string | undefined): this {
		if (value === undefined || value.length < MIN_SECRET_LENGTH) return this;
		if (this.secrets.some((secret) => secret.value === value)) return this;
		this.secrets.push({ value, placeholder: `[REDACTED:${name}]` });
		this.secrets.sort((a, b) => b.value.length - a.value.length);
		return this;
	}

	/** How many values are registered. */
	get size(): number {
		return this.secrets.length;
	}

	/** `text` with every registered value replaced. */
	redact(text: string): string {
		let result = text;
		for (const { value, placeholder } of this.secrets)
			if (result.includes(value)) result = result.split(value).join(placeholder);
		return result;
	}

	/**
	 * Redacts every string inside `value` (objects and arrays, walked once each), in place,
	 * and returns it; a string is returned redacted. In place on purpose: a message is
	 * shared by the run's context, the session and the events, and all must lose the value.
	 */
	redactInPlace<T>(value: T): T {
		if (this.secrets.length === 0) return value;
		if (typeof value === "string") return this.redact(value) as T;
		this.walk(value, new WeakSet());
		return value;
	}

	private walk(value: unknown, seen: WeakSet<object>): void {
		if (typeof value !== "object" || value === null || seen.has(value) || ArrayBuffer.isView(value)) return;
		seen.add(value);
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const field = record[key];
			if (typeof field === "string") {
				const redacted = this.redact(field);
				if (redacted !== field) record[key] = redacted;
			} else if (typeof field === "object" && field !== null) this.walk(field, seen);
		}
	}
}

/** Values shorter than this are not redacted. */
export const MIN_SECRET_LENGTH = 8;

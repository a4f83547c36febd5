import { homedir } from "node:os";
import * as nodePath from "node:path";
import { isNotFound } from "../operations/errors.js";
import type { FileOperations, OutsideRootPolicy, PathAccess } from "../types.js";

/** A path the model named, resolved and checked. */
export interface ResolvedPath {
	/** Absolute, as named (`..` and `.` resolved, symbolic links not). */
	absolute: string;
	/**
	 * Every symbolic link resolved. For a path that does not exist yet: its deepest
	 * existing ancestor resolved, plus the rest. The tools operate on this path.
	 */
	real: string;
	/** For messages to the model: relative to the root when inside, absolute otherwise. */
	display: string;
	/**
	 * The `confine` check to pass to the `FileOperations` calls on this path (and on paths
	 * found under it): it refuses what lies outside the workspace, should a symbolic link
	 * have been swapped in after this check. Absent when the policy lets this access go
	 * anywhere.
	 */
	confine?: (realPath: string) => void;
}

/** A path the model may not use, with a message written for the model. */
export class PathAccessError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "PathAccessError";
	}
}

export interface PathResolverOptions {
	allowOutsideRoot?: OutsideRootPolicy;
	homeDirectory?: string;
}

function isInside(parent: string, child: string): boolean {
	if (child === parent) return true;
	const prefix = parent.endsWith(nodePath.sep) ? parent : parent + nodePath.sep;
	return child.startsWith(prefix);
}

/**
 * The one place where paths are resolved: `~/` expansion, relative to the root, `..`
 * and absolute paths checked against the root, then symbolic links resolved through the
 * operations and the real path checked again, so a link inside the workspace cannot
 * lead out of it.
 */
export class PathResolver {
	readonly root: string;
	private readonly operations: FileOperations;
	private readonly policy: OutsideRootPolicy;
	private readonly homeDirectory: string;
	private rootRealPromise: Promise<string> | undefined;
	private rootRealValue: string | undefined;

	constructor(root: string, operations: FileOperations, options: PathResolverOptions = {}) {
		this.root = nodePath.resolve(root);
		this.operations = operations;
		this.policy = options.allowOutsideRoot ?? false;
		this.homeDirectory = options.homeDirectory ?? homedir();
	}

	/** Resolves a path from a tool call; rejects with a `PathAccessError` the model can act on. */
	async resolve(input: string, access: PathAccess): Promise<ResolvedPath> {
		const absolute = this.absoluteOf(input);
		const rootReal = await this.rootReal();
		const display = this.display(absolute);
		const namedInside = isInside(this.root, absolute) || isInside(rootReal, absolute);
		if (!namedInside && !this.allows(absolute, access)) {
			throw new PathAccessError(
				`${JSON.stringify(input)} is outside the workspace (${this.root}); ${this.refusal(access)}`,
			);
		}
		const real = await this.realOf(absolute, access, display);
		if (!isInside(rootReal, real) && !this.allows(real, access)) {
			throw new PathAccessError(
				`${JSON.stringify(input)} leads outside the workspace through a symbolic link (it resolves to ${real}); ${this.refusal(access)}`,
			);
		}
		const confine = this.confinement(input, access, rootReal);
		return { absolute, real, display, ...(confine && { confine }) };
	}

	/** How the model sees an absolute path. */
	display(absolute: string): string {
		// Fast path for the paths of a walk: plain descendants of the root.
		const prefix = this.root.endsWith(nodePath.sep) ? this.root : this.root + nodePath.sep;
		if (absolute.startsWith(prefix) && !absolute.includes(`${nodePath.sep}.`)) {
			const relative = absolute.slice(prefix.length);
			return nodePath.sep === "/" ? relative : relative.split(nodePath.sep).join("/");
		}
		if (isInside(this.root, absolute)) {
			const relative = nodePath.relative(this.root, absolute);
			return relative === "" ? "." : relative.split(nodePath.sep).join("/");
		}
		if (this.rootRealValue !== undefined && isInside(this.rootRealValue, absolute)) {
			const relative = nodePath.relative(this.rootRealValue, absolute);
			return relative === "" ? "." : relative.split(nodePath.sep).join("/");
		}
		return absolute;
	}

	/** The root with symbolic links resolved. */
	rootReal(): Promise<string> {
		this.rootRealPromise ??= this.operations.realpath(this.root).then(
			(real) => {
				this.rootRealValue = real;
				return real;
			},
			(error: unknown) => {
				this.rootRealPromise = undefined;
				throw new PathAccessError(`The workspace folder ${this.root} cannot be opened: ${String(error)}`);
			},
		);
		return this.rootRealPromise;
	}

	private absoluteOf(input: string): string {
		let path = input;
		if (path === "~" || path.startsWith("~/")) path = nodePath.join(this.homeDirectory, path.slice(1));
		return nodePath.resolve(this.root, path);
	}

	private confinement(
		input: string,
		access: PathAccess,
		rootReal: string,
	): ((realPath: string) => void) | undefined {
		const policy = this.policy;
		if (policy === true || (policy === "read" && access === "read")) return undefined;
		return (realPath) => {
			if (isInside(rootReal, realPath) || this.allows(realPath, access)) return;
			throw new PathAccessError(
				`${JSON.stringify(input)} leads outside the workspace: a symbolic link on the way was changed while the tool used it, and now leads to ${realPath}; ${this.refusal(access)}`,
			);
		};
	}

	private allows(path: string, access: PathAccess): boolean {
		const policy = this.policy;
		if (typeof policy === "function") return policy(path, access);
		if (policy === "read") return access === "read";
		return policy;
	}

	private refusal(access: PathAccess): string {
		const verb = access === "read" ? "read" : "changed";
		const policy = this.policy;
		if (policy === "read" && access === "write") return "files outside it can be read but not changed.";
		return `only files under the workspace can be ${verb}. Use a path inside it.`;
	}

	/** Resolves links of the deepest existing ancestor and keeps the rest as named. */
	private async realOf(absolute: string, access: PathAccess, display: string): Promise<string> {
		const missing: string[] = [];
		let current = absolute;
		for (;;) {
			try {
				const real = await this.operations.realpath(current);
				return missing.length === 0 ? real : nodePath.join(real, ...missing.reverse());
			} catch (error) {
				if (!isNotFound(error)) throw error;
			}
			if (missing.length === 0 && access === "write" && (await this.isSymlink(current))) {
				throw new PathAccessError(
					`${display} is a symbolic link whose target does not exist; write to the target's path instead.`,
				);
			}
			const parent = nodePath.dirname(current);
			if (parent === current) return absolute;
			missing.push(nodePath.basename(current));
			current = parent;
		}
	}

	private async isSymlink(path: string): Promise<boolean> {
		try {
			return (await this.operations.lstat(path)).kind === "symlink";
		} catch {
			return false;
		}
	}
}

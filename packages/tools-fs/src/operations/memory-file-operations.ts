import * as posix from "node:path/posix";
import type {
	ConfineOptions,
	DirectoryEntry,
	FileOperations,
	FileStat,
	ReadStreamOptions,
	WriteFileOptions,
} from "../types.js";
import { FileSystemError } from "./errors.js";

interface FileNode {
	kind: "file";
	data: Uint8Array;
	mode: number;
	mtimeMs: number;
}

interface DirectoryNode {
	kind: "directory";
	children: Map<string, Node>;
	mode: number;
	mtimeMs: number;
}

interface SymlinkNode {
	kind: "symlink";
	target: string;
	mode: number;
	mtimeMs: number;
}

type Node = FileNode | DirectoryNode | SymlinkNode;

/** Counts of what went through the interface, for tests that assert how much was read. */
export interface MemoryOperationCounters {
	/** Bytes handed out by `readFile` and `readStream`. */
	bytesRead: number;
	/** Calls of `readFile`. */
	readFileCalls: number;
	/** Calls of `writeFile`. */
	writeFileCalls: number;
}

export interface MemoryFileOperationsOptions {
	/** Chunk size of `readStream` when the caller gives none. Default 64 KB. */
	chunkSize?: number;
}

const MAX_SYMLINK_HOPS = 40;
const encoder = new TextEncoder();

function toBytes(content: string | Uint8Array): Uint8Array {
	return typeof content === "string" ? encoder.encode(content) : content.slice();
}

function segmentsOf(path: string): string[] {
	if (!posix.isAbsolute(path)) throw new FileSystemError("EINVAL", `not an absolute path: ${path}`);
	return posix
		.normalize(path)
		.split("/")
		.filter((segment) => segment !== "");
}

/**
 * `FileOperations` over a tree kept in memory: files, folders and symbolic links with
 * modes and modification times, POSIX paths. For tests of the tools and of apps that use
 * them; `counters` tells how many bytes were read through the interface.
 *
 * Each change advances a logical clock, so every write gets a distinct, increasing
 * `mtimeMs` even within one millisecond.
 */
export class MemoryFileOperations implements FileOperations {
	readonly counters: MemoryOperationCounters = { bytesRead: 0, readFileCalls: 0, writeFileCalls: 0 };
	private readonly rootNode: DirectoryNode;
	private readonly chunkSize: number;
	private clock = Date.now();

	/** `files` maps absolute paths to contents; missing parent folders are created. */
	constructor(files: Record<string, string | Uint8Array> = {}, options: MemoryFileOperationsOptions = {}) {
		this.chunkSize = options.chunkSize ?? 64 * 1024;
		this.rootNode = { kind: "directory", children: new Map(), mode: 0o755, mtimeMs: this.tick() };
		for (const [path, content] of Object.entries(files)) this.setFile(path, content);
	}

	// -------------------------------------------------------------------------------
	// Test helpers: change the tree without going through (or counting in) the interface
	// -------------------------------------------------------------------------------

	/** Creates or replaces a file, creating parent folders; as a user's editor would. */
	setFile(path: string, content: string | Uint8Array, options: { mode?: number } = {}): void {
		const { parent, name } = this.parentOf(path, true);
		const existing = parent.children.get(name);
		if (existing?.kind === "directory") throw new FileSystemError("EISDIR", path);
		const mode = options.mode ?? (existing?.kind === "file" ? existing.mode : 0o644);
		parent.children.set(name, { kind: "file", data: toBytes(content), mode, mtimeMs: this.tick() });
	}

	/** Creates a symbolic link at `path` that points to `target` (absolute or relative to the link's folder). */
	symlink(target: string, path: string): void {
		const { parent, name } = this.parentOf(path, true);
		if (parent.children.has(name)) throw new FileSystemError("EEXIST", path);
		parent.children.set(name, { kind: "symlink", target, mode: 0o777, mtimeMs: this.tick() });
	}

	/** A file's content as UTF-8 text, or `undefined` if there is no such file. */
	getText(path: string): string | undefined {
		const bytes = this.getBytes(path);
		return bytes === undefined ? undefined : new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
	}

	getBytes(path: string): Uint8Array | undefined {
		try {
			const node = this.lookup(path, true).node;
			return node.kind === "file" ? node.data.slice() : undefined;
		} catch {
			return undefined;
		}
	}

	/** Every file path in the tree, sorted. */
	listFiles(): string[] {
		const paths: string[] = [];
		const visit = (directory: DirectoryNode, prefix: string) => {
			for (const [name, node] of directory.children) {
				const path = `${prefix}/${name}`;
				if (node.kind === "directory") visit(node, path);
				else paths.push(path);
			}
		};
		visit(this.rootNode, "");
		return paths.sort();
	}

	// -------------------------------------------------------------------------------
	// FileOperations
	// -------------------------------------------------------------------------------

	async stat(path: string): Promise<FileStat> {
		return this.statOf(this.lookup(path, true).node);
	}

	async lstat(path: string): Promise<FileStat> {
		return this.statOf(this.lookup(path, false).node);
	}

	async realpath(path: string): Promise<string> {
		return this.lookup(path, true).path;
	}

	async readdir(path: string, options: ConfineOptions = {}): Promise<DirectoryEntry[]> {
		const { node, path: real } = this.lookup(path, true);
		if (node.kind !== "directory") throw new FileSystemError("ENOTDIR", path);
		options.confine?.(real);
		return [...node.children].map(([name, child]) => ({ name, kind: child.kind }));
	}

	async readFile(path: string, signal?: AbortSignal, options: ConfineOptions = {}): Promise<Uint8Array> {
		signal?.throwIfAborted();
		const file = this.fileAt(path, options);
		this.counters.readFileCalls++;
		this.counters.bytesRead += file.data.byteLength;
		return file.data.slice();
	}

	async *readStream(path: string, options: ReadStreamOptions = {}): AsyncGenerator<Uint8Array> {
		const data = this.fileAt(path, options).data;
		const chunkSize = Math.max(1, options.chunkSize ?? this.chunkSize);
		for (let position = options.start ?? 0; position < data.byteLength; position += chunkSize) {
			options.signal?.throwIfAborted();
			const chunk = data.subarray(position, Math.min(position + chunkSize, data.byteLength));
			this.counters.bytesRead += chunk.byteLength;
			yield chunk;
		}
	}

	async writeFile(path: string, data: Uint8Array, options: WriteFileOptions = {}): Promise<void> {
		this.counters.writeFileCalls++;
		const { parent, name } = this.parentOf(path, false, options);
		const existing = parent.children.get(name);
		const target = existing?.kind === "symlink" ? this.lookup(path, true) : undefined;
		if (target) {
			if (target.node.kind !== "file") throw new FileSystemError("EISDIR", path);
			target.node.data = data.slice();
			target.node.mtimeMs = this.tick();
			return;
		}
		if (existing?.kind === "directory") throw new FileSystemError("EISDIR", path);
		if (existing?.kind === "file") {
			existing.data = data.slice();
			existing.mtimeMs = this.tick();
			return;
		}
		parent.children.set(name, {
			kind: "file",
			data: data.slice(),
			mode: options.mode ?? 0o644,
			mtimeMs: this.tick(),
		});
	}

	async rename(from: string, to: string, options: ConfineOptions = {}): Promise<void> {
		const source = this.parentOf(from, false, options);
		const node = source.parent.children.get(source.name);
		if (!node) throw new FileSystemError("ENOENT", from);
		const destination = this.parentOf(to, false, options);
		const replaced = destination.parent.children.get(destination.name);
		if (replaced?.kind === "directory") throw new FileSystemError("EISDIR", to);
		source.parent.children.delete(source.name);
		destination.parent.children.set(destination.name, node);
		source.parent.mtimeMs = destination.parent.mtimeMs = this.tick();
	}

	async remove(path: string, options: ConfineOptions = {}): Promise<void> {
		const { parent, name } = this.parentOf(path, false, options);
		const node = parent.children.get(name);
		if (!node) throw new FileSystemError("ENOENT", path);
		if (node.kind === "directory") throw new FileSystemError("EISDIR", path);
		parent.children.delete(name);
		parent.mtimeMs = this.tick();
	}

	async mkdir(path: string, options: ConfineOptions = {}): Promise<void> {
		let directory = this.rootNode;
		let current = "/";
		let real = "/";
		for (const segment of segmentsOf(path)) {
			current = posix.join(current, segment);
			let child = directory.children.get(segment);
			if (!child) {
				options.confine?.(posix.join(real, segment));
				child = { kind: "directory", children: new Map(), mode: 0o755, mtimeMs: this.tick() };
				directory.children.set(segment, child);
			}
			if (child.kind === "symlink") {
				const target = this.lookup(current, true);
				child = target.node;
				real = target.path;
			} else real = posix.join(real, segment);
			if (child.kind !== "directory") throw new FileSystemError("ENOTDIR", current);
			directory = child;
		}
	}

	async chmod(path: string, mode: number, options: ConfineOptions = {}): Promise<void> {
		const target = this.lookup(path, true);
		options.confine?.(target.path);
		target.node.mode = mode & 0o7777;
	}

	// -------------------------------------------------------------------------------

	private tick(): number {
		this.clock = Math.max(this.clock + 1, Date.now());
		return this.clock;
	}

	private statOf(node: Node): FileStat {
		const size =
			node.kind === "file" ? node.data.byteLength : node.kind === "symlink" ? node.target.length : 0;
		return { kind: node.kind, size, mtimeMs: node.mtimeMs, mode: node.mode };
	}

	private fileAt(path: string, options: ConfineOptions): FileNode {
		const { node, path: real } = this.lookup(path, true);
		if (node.kind === "directory") throw new FileSystemError("EISDIR", path);
		if (node.kind !== "file") throw new FileSystemError("EINVAL", path);
		options.confine?.(real);
		return node;
	}

	/** Walks the tree, following symbolic links on the way (and at the end if `followFinal`). */
	private lookup(path: string, followFinal: boolean, hops = 0): { node: Node; path: string } {
		if (hops > MAX_SYMLINK_HOPS) throw new FileSystemError("ELOOP", path);
		const segments = segmentsOf(path);
		let node: Node = this.rootNode;
		let resolved = "/";
		for (const [index, segment] of segments.entries()) {
			if (node.kind !== "directory") throw new FileSystemError("ENOTDIR", path);
			const child: Node | undefined = node.children.get(segment);
			if (!child) throw new FileSystemError("ENOENT", path);
			const isLast = index === segments.length - 1;
			if (child.kind === "symlink" && (!isLast || followFinal)) {
				const target = posix.resolve(resolved, child.target);
				const rest = segments.slice(index + 1);
				return this.lookup(posix.join(target, ...rest), followFinal, hops + 1);
			}
			node = child;
			resolved = posix.join(resolved, segment);
		}
		return { node, path: resolved };
	}

	/** The folder that holds `path` (links in it followed) and the final name. */
	private parentOf(
		path: string,
		create: boolean,
		options: ConfineOptions = {},
	): { parent: DirectoryNode; name: string } {
		const segments = segmentsOf(path);
		const name = segments.pop();
		if (name === undefined) throw new FileSystemError("EISDIR", path);
		const parentPath = `/${segments.join("/")}`;
		if (create) {
			let directory = this.rootNode;
			for (const segment of segments) {
				let child = directory.children.get(segment);
				if (!child) {
					child = { kind: "directory", children: new Map(), mode: 0o755, mtimeMs: this.tick() };
					directory.children.set(segment, child);
				}
				if (child.kind !== "directory") return this.parentOfExisting(parentPath, name, path, options);
				directory = child;
			}
			return { parent: directory, name };
		}
		return this.parentOfExisting(parentPath, name, path, options);
	}

	private parentOfExisting(parentPath: string, name: string, path: string, options: ConfineOptions) {
		const { node, path: real } = this.lookup(parentPath, true);
		if (node.kind !== "directory") throw new FileSystemError("ENOTDIR", path);
		options.confine?.(posix.join(real, name));
		return { parent: node, name };
	}
}

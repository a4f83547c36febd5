import { describe, expect, it } from "vitest";
import type { FileStat } from "../types.js";
import { readOnlyReason } from "./permissions.js";

const file = (mode: number, owner?: { uid: number; gid: number }): FileStat => ({
	kind: "file",
	size: 1,
	mtimeMs: 0,
	mode,
	...owner,
});
const user = { uid: 1000, gid: 1000, groups: [1000, 27] };

describe("readOnlyReason", () => {
	it("refuses a file nobody may write, whoever asks", () => {
		for (const identity of [user, { uid: 0, gid: 0, groups: [] }, undefined]) {
			expect(readOnlyReason(file(0o444, { uid: 1000, gid: 1000 }), "a.txt", identity)).toMatch(
				/^a\.txt is read-only \(mode 0444\)/,
			);
		}
		expect(readOnlyReason(file(0o555), "bin/x", user)).toMatch(/mode 0555/);
	});

	it("reads the owner, group and other bits that apply to this user", () => {
		expect(readOnlyReason(file(0o644, { uid: 1000, gid: 50 }), "mine", user)).toBeUndefined();
		expect(readOnlyReason(file(0o644, { uid: 2000, gid: 50 }), "theirs", user)).toMatch(
			/^theirs is not writable by this user \(mode 0644, owned by uid 2000\)/,
		);
		expect(readOnlyReason(file(0o664, { uid: 2000, gid: 27 }), "group", user)).toBeUndefined();
		expect(readOnlyReason(file(0o646, { uid: 2000, gid: 50 }), "world", user)).toBeUndefined();
		expect(readOnlyReason(file(0o464, { uid: 1000, gid: 27 }), "owner-only-read", user)).toMatch(
			/not writable by this user/,
		);
	});

	it("lets root, and file systems that give no owner, write a file anyone may write", () => {
		expect(
			readOnlyReason(file(0o600, { uid: 2000, gid: 50 }), "x", { uid: 0, gid: 0, groups: [] }),
		).toBeUndefined();
		expect(readOnlyReason(file(0o600), "x", user)).toBeUndefined();
	});
});

import { describe, expect, it } from "vitest";
import { resolveShell } from "../../src/bash/resolve-shell.js";

const executable =
	(...paths: string[]) =>
	(path: string) =>
		paths.includes(path);

describe("resolveShell", () => {
	it("uses the configured shell as given", () => {
		expect(resolveShell("/opt/bin/bash5", { SHELL: "/bin/zsh" }, executable())).toBe("/opt/bin/bash5");
	});

	it("uses $SHELL when it is a POSIX-family shell that exists", () => {
		expect(resolveShell(undefined, { SHELL: "/usr/bin/zsh" }, executable("/usr/bin/zsh", "/bin/bash"))).toBe(
			"/usr/bin/zsh",
		);
	});

	it("falls back to /bin/bash for fish-like shells and missing ones, then to /bin/sh", () => {
		const both = executable("/usr/bin/fish", "/bin/bash", "/bin/sh");
		expect(resolveShell(undefined, { SHELL: "/usr/bin/fish" }, both)).toBe("/bin/bash");
		expect(resolveShell(undefined, { SHELL: "/usr/local/bin/zsh" }, both)).toBe("/bin/bash");
		expect(resolveShell(undefined, {}, executable("/bin/sh"))).toBe("/bin/sh");
	});
});

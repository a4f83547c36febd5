import { fork } from "node:child_process";
import type { PiJob, PiReport } from "./pi-protocol.js";

export type PiOutcome =
	| { kind: "measured"; cpuMs: number; wallMs: number; correct: boolean }
	| { kind: "capped"; capMs: number }
	| { kind: "failed"; message: string };

/**
 * Runs one pi-ai job in a child process and kills it when the measured run takes longer
 * than `capMs` of wall-clock time (the import and the warm-up are not capped).
 */
export function runPiAi(job: PiJob, capMs: number): Promise<PiOutcome> {
	return new Promise((resolve) => {
		const child = fork(new URL("./pi-runner.js", import.meta.url), [], {
			stdio: ["ignore", "inherit", "inherit", "ipc"],
		});
		let timer: NodeJS.Timeout | undefined;
		let outcome: PiOutcome | undefined;
		const settle = (value: PiOutcome) => {
			outcome ??= value;
		};
		child.on("message", (message: PiReport) => {
			if (message.type === "measuring") {
				timer = setTimeout(() => {
					settle({ kind: "capped", capMs });
					child.kill("SIGKILL");
				}, capMs);
			} else if (message.type === "measured") {
				settle({ kind: "measured", cpuMs: message.cpuMs, wallMs: message.wallMs, correct: message.correct });
			} else {
				settle({ kind: "failed", message: message.message });
			}
		});
		child.on("exit", (code, signal) => {
			clearTimeout(timer);
			resolve(
				outcome ?? {
					kind: "failed",
					message: `the pi-ai runner exited (${signal ?? code}) without a result`,
				},
			);
		});
		child.send(job);
	});
}

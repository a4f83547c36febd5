import { describe, expect, it } from "vitest";
import { MutationQueue } from "./mutation-queue.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("MutationQueue", () => {
	it("runs tasks of one key one at a time, in call order", async () => {
		const queue = new MutationQueue();
		const log: string[] = [];
		const task = (name: string) => async () => {
			log.push(`start ${name}`);
			await tick();
			log.push(`end ${name}`);
			return name;
		};
		const results = await Promise.all([
			queue.run("a", task("1")),
			queue.run("a", task("2")),
			queue.run("a", task("3")),
		]);
		expect(results).toEqual(["1", "2", "3"]);
		expect(log).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
	});

	it("runs tasks of different keys concurrently", async () => {
		const queue = new MutationQueue();
		const log: string[] = [];
		const task = (name: string) => async () => {
			log.push(`start ${name}`);
			await tick();
			log.push(`end ${name}`);
		};
		await Promise.all([queue.run("a", task("a")), queue.run("b", task("b"))]);
		expect(log.slice(0, 2)).toEqual(["start a", "start b"]);
	});

	it("goes on after a failed task and forgets idle keys", async () => {
		const queue = new MutationQueue();
		const failed = queue.run("a", async () => {
			throw new Error("boom");
		});
		const next = queue.run("a", async () => "ok");
		await expect(failed).rejects.toThrow("boom");
		await expect(next).resolves.toBe("ok");
		await tick();
		expect(queue.size).toBe(0);
	});
});

/** The CPU time (user + system, every thread of this process) that `work` takes, in ms. */
export async function cpuMs<T>(work: () => Promise<T>): Promise<{ cpuMs: number; value: T }> {
	const start = process.cpuUsage();
	const value = await work();
	const used = process.cpuUsage(start);
	return { cpuMs: (used.user + used.system) / 1000, value };
}

export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

import {
	type Runner,
	runFloor,
	runKestrel,
	runKestrelAgent,
	runKestrelStream,
	runPi,
	runPiStream,
} from "./runners.js";

/** The clients of the agent-loop bench, by the name a measuring process is started with. */
export const CLIENTS = {
	floor: { label: "floor (no loop)", run: runFloor },
	kestrel: { label: "Kestrel agent-core", run: runKestrel },
	pi: { label: "pi-agent-core 0.73.1", run: runPi },
	// The same loops with their events read through `for await` over the loop's event stream.
	"kestrel-stream": { label: "Kestrel, for await", run: runKestrelStream },
	"pi-stream": { label: "pi, for await", run: runPiStream },
	// Kestrel's run shell: `Agent` over the same loop, its events delivered to a listener.
	"kestrel-agent": { label: "Kestrel Agent (shell)", run: runKestrelAgent },
} satisfies Record<string, { label: string; run: Runner }>;

export type ClientName = keyof typeof CLIENTS;

export const CLIENT_NAMES = Object.keys(CLIENTS) as ClientName[];

export function isClientName(name: string): name is ClientName {
	return Object.hasOwn(CLIENTS, name);
}

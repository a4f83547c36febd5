// TEMPORARY (replaced by the RPC work in progress; never released like this).
import type { CliApp } from "../../app/cli-app.js";
import { CliError } from "../../cli-error.js";

export interface RpcStreams {
	stdin: NodeJS.ReadableStream;
	stdout: NodeJS.WritableStream;
	stderr: NodeJS.WritableStream;
}

export async function runRpcMode(_app: CliApp, _streams: RpcStreams): Promise<number> {
	throw new CliError("--mode rpc is not available yet (issue 7 continues).", 2);
}

/** Everything piped to stdin; `""` when stdin is a terminal (nothing is piped). */
export async function readPipedStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
	if (stdin.isTTY) return "";
	const chunks: Buffer[] = [];
	for await (const chunk of stdin)
		chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
	return Buffer.concat(chunks).toString("utf8");
}

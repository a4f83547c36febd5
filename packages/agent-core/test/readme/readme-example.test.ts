import { expect, it } from "vitest";
import { runReadmeExample } from "../../../../scripts/readme-example.mjs";

it("runs the README example and prints what the README says", async () => {
	const { output, printed } = await runReadmeExample(new URL("../../", import.meta.url));
	expect(printed).toBe(output);
});

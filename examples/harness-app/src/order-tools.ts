import type { AgentTool } from "@kestrel/agent-core";
import { Type } from "@kestrel/ai";

const parameters = Type.Object({ orderId: Type.String({ description: "An order number such as A-1001" }) });

/**
 * The app's own tool: looks an order up in its (here: generated) order history. The
 * history is long on purpose, so that a few lookups fill the context and the harness
 * has to compact.
 */
export function createOrderLookupTool(): AgentTool<typeof parameters, { events: number }> {
	return {
		name: "lookup_order",
		label: "Order lookup",
		description: "Returns the status and full event history of an order.",
		parameters,
		execute: async (_toolCallId, { orderId }) => {
			const history = Array.from(
				{ length: 300 },
				(_, index) => `${orderId} event ${index + 1}: scanned at depot ${(index * 7) % 13}`,
			);
			return {
				content: [{ type: "text", text: `Order ${orderId}: delivered.\n${history.join("\n")}` }],
				details: { events: history.length },
			};
		},
	};
}

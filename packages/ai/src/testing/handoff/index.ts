export { BUILT_IN_HANDOFF_APIS, builtInHandoffApis, responsesCallId } from "./built-in-handoff-apis.js";
export {
	answer,
	assertAcceptedBy,
	assertNoSignaturesOf,
	BACK,
	callsOf,
	FIRST,
	HANDOFF,
	producedConversation,
	signatureTraces,
	signedBlocks,
} from "./conversation.js";
export {
	defineHandoffApi,
	type HandoffApi,
	type HandoffApiOptions,
	handoffModel,
	scriptBlocks,
	type TurnPlan,
} from "./handoff-api.js";
export { type HandoffCase, type HandoffCaseOptions, handoffCases } from "./handoff-cases.js";
export { type Json, type SignedBlock, turnFor, type WireTranscript, type WireTurn } from "./transcripts.js";

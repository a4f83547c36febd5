import { Agent } from "../../src/index.js";
import { createHarness } from "../helpers.js";
import { describeRunShellContract, type RunShellFactory } from "./run-shell-contract.js";

const createAgentSubject: RunShellFactory = ({ tools }) => {
	const { faux, streamFn } = createHarness();
	const agent = new Agent({ model: faux.model(), streamFn, tools });
	return {
		faux,
		subject: Object.assign(agent, { messages: () => agent.state.messages }),
	};
};

describeRunShellContract([["Agent", createAgentSubject]]);

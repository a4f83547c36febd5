import { describeSessionBackendContract } from "@kestrel/harness/testing";
import { newSchemaStore } from "./helpers.js";

describeSessionBackendContract("postgres", async () => newSchemaStore());

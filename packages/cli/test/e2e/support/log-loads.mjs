// `node --import ./log-loads.mjs …` records which modules a run loads (see load-log-hooks.mjs).
import { register } from "node:module";

register("./load-log-hooks.mjs", import.meta.url);

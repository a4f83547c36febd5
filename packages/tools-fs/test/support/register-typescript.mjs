// `node --experimental-transform-types --import ./register-typescript.mjs child.ts`
import { register } from "node:module";

register("./typescript-hooks.mjs", import.meta.url);

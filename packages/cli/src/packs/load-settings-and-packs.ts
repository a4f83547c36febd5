import { type LoadedSettings, loadSettings, toolPackSettingsKeys } from "@kestrel/harness";
import { packageFolders } from "../models/configure-models.js";
import { loadSettingsWithTrust, type ProjectTrustOptions } from "../permissions/project-trust.js";
import { DEFAULT_TOOL_PACKS } from "./default-tool-packs.js";
import { type LoadedToolPack, loadToolPacks, type ToolPackRequest } from "./load-tool-packs.js";

/** The settings to run with and the tool packs they name, loaded together. */
export interface SettingsAndPacks {
	loaded: LoadedSettings;
	packs: LoadedToolPack[];
}

/**
 * Settings and tool packs depend on each other: the settings name the packs
 * (`toolPacks`), and the packs declare settings keys (`mcpServers`) that must be
 * validated, merged and withheld from untrusted projects like the built-in ones. So the
 * packs are found from a first read of the settings, then the settings are loaded for
 * real with the packs' keys (asking about trust when a project file widens anything,
 * pack keys included). A pack the project names becomes known only once the folder is
 * trusted; it is then loaded and the settings read once more with its keys.
 */
export async function loadSettingsAndPacks(options: ProjectTrustOptions): Promise<SettingsAndPacks> {
	const { cwd, home } = options;
	const first = await loadSettings({ cwd, home, ...(options.trustFlag ? { trustProject: true } : {}) });
	const packs = await loadToolPacks(DEFAULT_TOOL_PACKS, packRequests(first), {
		from: packageFolders(cwd, home, first.projectTrusted),
		installFolder: home,
	});
	const keys = () => toolPackSettingsKeys(packs.map(({ module }) => module));
	let loaded = await loadSettingsWithTrust({ ...options, extraKeys: keys() });
	const added = packRequests(loaded).filter((request) => !packs.some((pack) => pack.spec === request.spec));
	if (added.length > 0) {
		packs.push(
			...(await loadToolPacks([], added, {
				from: packageFolders(cwd, home, loaded.projectTrusted),
				installFolder: home,
			})),
		);
		loaded = await loadSettings({ cwd, home, trustProject: loaded.projectTrusted, extraKeys: keys() });
	}
	return { loaded, packs };
}

function packRequests(loaded: LoadedSettings): ToolPackRequest[] {
	const namedIn = `the "toolPacks" setting (${loaded.sources.join(" or ")})`;
	return (loaded.settings.toolPacks ?? []).map((spec) => ({ spec, namedIn }));
}

// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, pg_ctl start on a
// free loopback port (its Unix socket in the same folder, trust authentication, no fsync:
// nothing in it outlives the run), and stop + removal afterwards. The server comes from
// Debian's `postgresql` package (scripts/test-tools.sh installs it): initdb and pg_ctl live
// in /usr/lib/postgresql/<version>/bin, which is not on PATH. KESTREL_PG_BIN names another
// folder. initdb refuses to run as root, so as root the cluster runs as the `postgres` user
// the package creates.
//
// Used by the vitest globalSetup of the packages that need a database
// (postgres-global-setup.mjs): one cluster per package run, each test in a schema of its own.
import { execFile } from "node:child_process";
import { chownSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const USER = "kestrel";

/** The folder of initdb and pg_ctl: KESTREL_PG_BIN, else Debian's newest installed version. */
export function postgresBinDir() {
	if (process.env.KESTREL_PG_BIN) return process.env.KESTREL_PG_BIN;
	const root = "/usr/lib/postgresql";
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((name) => existsSync(join(root, name, "bin", "initdb")))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (versions.length === 0) {
		throw new Error(
			"No PostgreSQL server found in /usr/lib/postgresql/<version>/bin: run scripts/test-tools.sh " +
				"(or apt-get install -y postgresql), or set KESTREL_PG_BIN to the folder of initdb and pg_ctl.",
		);
	}
	return join(root, versions[0], "bin");
}

/**
 * Starts a cluster; resolves to `{ url, port, dir, stop }`. `stop()` stops the server at once
 * (immediate mode: nothing to keep) and removes the folder.
 */
export async function startPostgresCluster() {
	const bin = postgresBinDir();
	const dir = await mkdtemp(join(tmpdir(), "kestrel-pg-"));
	const data = join(dir, "data");
	const asRoot = process.getuid?.() === 0;
	const exec = (program, args) =>
		asRoot
			? run("runuser", ["-u", "postgres", "--", join(bin, program), ...args], { cwd: dir })
			: run(join(bin, program), args, { cwd: dir });
	try {
		if (asRoot) chownSync(dir, postgresUid(), postgresGid());
		await exec("initdb", ["-D", data, "-U", USER, "-A", "trust", "-E", "UTF8", "--no-sync"]);
		let lastError;
		for (let attempt = 0; attempt < 3; attempt++) {
			const port = await freePort();
			const options = [
				`-p ${port}`,
				"-c listen_addresses=127.0.0.1",
				`-c unix_socket_directories=${dir}`,
				"-c fsync=off",
				"-c full_page_writes=off",
				"-c max_connections=200",
				"-c shared_buffers=32MB",
			].join(" ");
			try {
				await exec("pg_ctl", [
					"-D",
					data,
					"-l",
					join(dir, "server.log"),
					"-w",
					"-t",
					"60",
					"-o",
					options,
					"start",
				]);
				const url = `postgres://${USER}@127.0.0.1:${port}/postgres`;
				const stop = async () => {
					await exec("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
					await rm(dir, { recursive: true, force: true });
				};
				return { url, port, dir, stop };
			} catch (error) {
				// Most likely the port was taken between probing and starting: try another.
				lastError = error;
			}
		}
		throw new Error(`PostgreSQL did not start: ${lastError?.message}\n${readLog(dir)}`);
	} catch (error) {
		await rm(dir, { recursive: true, force: true });
		throw error;
	}
}

function readLog(dir) {
	try {
		return readFileSync(join(dir, "server.log"), "utf8").slice(-2000);
	} catch {
		return "";
	}
}

function postgresUid() {
	return Number(passwdField("postgres", 2));
}

function postgresGid() {
	return Number(passwdField("postgres", 3));
}

function passwdField(user, index) {
	const line = readFileSync("/etc/passwd", "utf8")
		.split("\n")
		.find((row) => row.startsWith(`${user}:`));
	if (!line) {
		throw new Error(
			`initdb cannot run as root and there is no '${user}' user to run it as: install Debian's postgresql package, or run the tests as another user.`,
		);
	}
	return line.split(":")[index];
}

function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

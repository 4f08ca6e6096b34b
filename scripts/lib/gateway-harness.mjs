// The SIP gateway (rtpengine + Kamailio with gateway/kamailio.cfg) as child processes, and sipp
// running the scenarios of gateway/sipp against it: used by `npm run gateway`, the gateway
// integration tests, the e2e specs and `npm run bench:voice`.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GATEWAY_CONFIG = path.join(root, 'gateway', 'kamailio.cfg');
/** The project's sipp scenarios (gateway/README.md lists them). */
export const SIPP_SCENARIOS = path.join(root, 'gateway', 'sipp');
export const INSTALL_LINE =
  'sudo apt-get install -y --no-install-recommends kamailio kamailio-websocket-modules ' +
  'kamailio-utils-modules kamailio-json-modules rtpengine-daemon';

const SBIN = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

/** The absolute path of a program (sbin folders included, they are often not on PATH). */
export function findProgram(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...SBIN];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** What the gateway needs and this machine lacks (programs and Kamailio modules). */
export function missingForGateway() {
  const missing = [];
  const kamailio = findProgram('kamailio');
  if (!kamailio) missing.push('kamailio');
  if (!findProgram('rtpengine')) missing.push('rtpengine');
  if (kamailio) {
    // the modules come in separate packages: a syntax check names the first one missing
    const check = spawnSync(kamailio, ['-c', '-f', GATEWAY_CONFIG, '-A', 'WITH_RTPENGINE'], {
      encoding: 'utf8',
    });
    if (check.status !== 0) {
      const module = /could not find module <([^>]+)>|load_module.*?([a-z_]+\.so)/.exec(
        check.stderr ?? '',
      );
      missing.push(module ? `kamailio module ${module[1] ?? module[2]}` : 'a working kamailio');
    }
  }
  return missing;
}

/** Resolves when something accepts TCP connections on host:port. */
function tcpOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when a UDP port of this machine is bound (ss reads the kernel's table). */
function udpBound(host, port) {
  const result = spawnSync('ss', ['-Hlun'], { encoding: 'utf8' });
  if (result.status !== 0) return true; // no ss: trust the process
  return result.stdout.split('\n').some((line) => line.includes(`${host}:${port} `));
}

async function waitFor(check, what, child, logFile, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (child.exitCode !== null || child.signalCode) {
      throw new Error(
        `${what}: the process exited (${child.exitCode ?? child.signalCode}); log:\n${tail(logFile)}`,
      );
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; log:\n${tail(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tail = (file) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no log)';
  }
};

const stopChild = (child, ms = 5000) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** The processes a process forked, and theirs (Linux: read from /proc). */
function descendants(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the command may hold spaces and parentheses: the fields follow the last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const walk = (parent) => {
    for (const [child, ppid] of parents)
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

/**
 * Starts rtpengine, then Kamailio in the foreground with the project's configuration, pointed
 * at the OmniCare server. Resolves once the WebSocket and UDP listeners answer.
 *
 * @param {object} options
 * @param {string} options.serverUrl   the OmniCare server (e.g. http://127.0.0.1:3000)
 * @param {string} options.secret      its TELEPHONY_GATEWAY_SECRET
 * @param {number} [options.wsPort]    WebSocket port for the softphones (default 8088)
 * @param {number} [options.sipPort]   UDP port for trunks / sipp (default 5060)
 * @param {string} [options.trunk]     host:port outbound calls go to (default 127.0.0.1:5090)
 * @param {number} [options.rtpengineNgPort]  rtpengine's control port (default 22222)
 * @param {[number, number]} [options.rtpPorts]  rtpengine's media port range
 * @param {string} [options.logDir]    where kamailio.log and rtpengine.log go (default: a temp folder)
 * @param {string} [options.listenIp]  default 127.0.0.1
 * @param {string} [options.gatewayId] its OMNICARE_GATEWAY_ID (default listenIp:sipPort)
 * @param {boolean} [options.inherit]  write the logs to this process's output instead
 * @returns {Promise<{wsUrl: string, sipUri: string, logDir: string, kamailioLog: string,
 *   kill(): Promise<void>, restart(): Promise<void>, stop(): Promise<void>}>} `kill()` ends
 *   Kamailio at once (SIGKILL to it and every process it forked: the gateway dying, its sockets
 *   closed by the kernel, nothing sent); `restart()` kills it so, then starts it again with the
 *   same name and ports (its log goes on in kamailio.log); `stop()` still stops rtpengine and
 *   cleans up.
 */
export async function startGateway({
  serverUrl,
  secret,
  wsPort = 8088,
  sipPort = 5060,
  trunk = '127.0.0.1:5090',
  rtpengineNgPort = 22222,
  rtpPorts = [30000, 30999],
  logDir,
  listenIp = '127.0.0.1',
  gatewayId = `${listenIp}:${sipPort}`,
  inherit = false,
}) {
  if (!serverUrl) throw new Error('startGateway: serverUrl is required');
  if (!secret) throw new Error('startGateway: secret (TELEPHONY_GATEWAY_SECRET) is required');
  const kamailio = findProgram('kamailio');
  const rtpengine = findProgram('rtpengine');
  if (!kamailio || !rtpengine) {
    throw new Error(`kamailio and rtpengine are needed: ${INSTALL_LINE}`);
  }
  const ownLogDir = !logDir;
  const dir = logDir ?? mkdtempSync(path.join(os.tmpdir(), 'omnicare-gateway-'));
  mkdirSync(dir, { recursive: true });
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'omnicare-gateway-run-'));
  const rtpLog = path.join(dir, 'rtpengine.log');
  const kamLog = path.join(dir, 'kamailio.log');
  const out = (file, flags = 'w') => (inherit ? 'inherit' : openSync(file, flags));
  const children = [];
  const fds = [];
  let kamailioChild;
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    for (const fd of fds) closeSync(fd);
    fds.length = 0;
    rmSync(runDir, { recursive: true, force: true });
    if (ownLogDir && process.env.GATEWAY_KEEP_LOGS !== '1')
      rmSync(dir, { recursive: true, force: true });
  };
  try {
    const rtpOut = out(rtpLog);
    if (typeof rtpOut === 'number') fds.push(rtpOut);
    const rtp = spawn(
      rtpengine,
      [
        '--foreground',
        '--log-stderr',
        '--config-file=none',
        '--table=-1',
        `--interface=${listenIp}`,
        `--listen-ng=${listenIp}:${rtpengineNgPort}`,
        `--port-min=${rtpPorts[0]}`,
        `--port-max=${rtpPorts[1]}`,
        '--log-level=5',
        `--pidfile=${path.join(runDir, 'rtpengine.pid')}`,
      ],
      { stdio: ['ignore', rtpOut, rtpOut] },
    );
    children.push(rtp);
    await waitFor(async () => udpBound(listenIp, rtpengineNgPort), 'rtpengine', rtp, rtpLog);

    await startKamailio('w');
  } catch (error) {
    await stop();
    throw error;
  }

  async function startKamailio(logFlags) {
    const kamOut = out(kamLog, logFlags);
    if (typeof kamOut === 'number') fds.push(kamOut);
    const kam = spawn(
      kamailio,
      [
        '-f',
        GATEWAY_CONFIG,
        '-Y',
        runDir,
        '-DD',
        '-E',
        '-m',
        '64',
        '-M',
        '8',
        '-A',
        `LISTEN_IP=${listenIp}`,
        '-A',
        `WS_PORT=${wsPort}`,
        '-A',
        `SIP_PORT=${sipPort}`,
        '-A',
        'WITH_RTPENGINE',
        '-A',
        `RTPENGINE_SOCK="udp:${listenIp}:${rtpengineNgPort}"`,
      ],
      {
        stdio: ['ignore', kamOut, kamOut],
        env: {
          ...process.env,
          OMNICARE_URL: serverUrl.replace(/\/+$/, ''),
          OMNICARE_GATEWAY_SECRET: secret,
          OMNICARE_TRUNK: trunk,
          OMNICARE_GATEWAY_ID: gatewayId,
        },
      },
    );
    children.push(kam);
    kamailioChild = kam;
    await waitFor(
      async () => (await tcpOpen(listenIp, wsPort)) && udpBound(listenIp, sipPort),
      'kamailio',
      kam,
      kamLog,
    );
  }

  async function kill() {
    const kam = kamailioChild;
    if (!kam || kam.exitCode !== null || kam.signalCode) return;
    const exited = new Promise((resolve) => kam.once('exit', resolve));
    // listed before any dies: the workers of a dead main process are re-parented, unfindable
    for (const pid of [...descendants(kam.pid), kam.pid]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exited;
  }

  return {
    wsUrl: `ws://${listenIp}:${wsPort}`,
    sipUri: `sip:${listenIp}:${sipPort}`,
    logDir: dir,
    kamailioLog: kamLog,
    kill,
    async restart() {
      await kill();
      await startKamailio('a');
    },
    stop,
  };
}

/**
 * Writes a sipp injection file (`-inf`): `SEQUENTIAL`, then one row of `;`-separated fields per
 * call. Returns its path.
 *
 * @param {string} dir
 * @param {string} name
 * @param {string[]} rows
 */
export function writeInjectionFile(dir, name, rows) {
  const file = path.join(dir, name);
  writeFileSync(file, `SEQUENTIAL\n${rows.join('\n')}\n`);
  return file;
}

/**
 * Runs sipp with one scenario until it ends. The exit code says how its calls went (0: every
 * call as the scenario says, 1: some failed, 97/99: sipp itself stopped); `errors` is its error
 * file (`-trace_err`, `<label>.err` in `workDir`: the unexpected messages), `stderr` what it
 * printed. sipp runs in `workDir`, where its `-trace_rtt` / `-trace_stat` files land too.
 *
 * @param {object} options
 * @param {string} options.scenario   a file of gateway/sipp, or an absolute path
 * @param {string} options.workDir    its working folder (created if missing)
 * @param {string} options.label      names its files: `<label>.err`, `<label>.log`
 * @param {string} [options.remote]   host:port of the gateway's SIP listener (calls and REGISTERs go there)
 * @param {string[]} [options.args]   its other options (`-p`, `-m`, `-inf`, `-key`...)
 * @param {boolean} [options.messageLog]  `-trace_logs` into `<label>.log` (what the scenario's `<log>` actions write)
 * @param {number} [options.timeoutMs]    killed (SIGKILL) after this long; default: never
 * @param {string} [options.localIp]  default 127.0.0.1
 * @returns {{child: import('node:child_process').ChildProcess, pid: number | undefined,
 *   done: Promise<{code: number | null, signal: string | null, pid: number | undefined, stderr: string, errors: string}>,
 *   stop(): void}}
 */
export function runSipp({
  scenario,
  workDir,
  label,
  remote,
  args = [],
  messageLog = false,
  timeoutMs,
  localIp = '127.0.0.1',
}) {
  const sipp = findProgram('sipp');
  if (!sipp) throw new Error('sipp is needed: apt-get install sip-tester');
  mkdirSync(workDir, { recursive: true });
  const errorFile = path.join(workDir, `${label}.err`);
  const child = spawn(
    sipp,
    [
      ...(remote ? [remote] : []),
      '-sf',
      path.isAbsolute(scenario) ? scenario : path.join(SIPP_SCENARIOS, scenario),
      '-i',
      localIp,
      '-nostdin',
      // Answers what a phone answers on its own (OPTIONS, INFO, NOTIFY, UPDATE) when the
      // scenario is not waiting for it: the gateway's dialog keepalive sends an OPTIONS to both
      // ends every 30 s (kamailio.cfg ka_interval), which aborted any call that lasted that long.
      '-aa',
      '-trace_err',
      '-error_file',
      errorFile,
      ...(messageLog ? ['-trace_logs', '-log_file', path.join(workDir, `${label}.log`)] : []),
      ...args,
    ],
    { cwd: workDir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk.toString()));
  const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : undefined;
  const done = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      void readFile(errorFile, 'utf8')
        .catch(() => '')
        .then((errors) => resolve({ code, signal, pid: child.pid, stderr, errors }));
    });
  });
  return {
    child,
    pid: child.pid,
    done,
    stop: () => {
      if (child.exitCode === null && !child.signalCode) child.kill('SIGTERM');
    },
  };
}

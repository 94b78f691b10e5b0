import { spawn } from "node:child_process";

/**
 * Asks the desktop to open `url` (`open` on macOS, `start` on Windows, `xdg-open` elsewhere). Best effort: a machine
 * without one (a container, CI, SSH) simply opens nothing, and the printed URL is there to click.
 */
export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", '""', url]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // No opener: the URL is printed.
  }
}

import type { ConsoleMessage, Page } from "playwright-core";

/**
 * Opens a page in Debian's chromium (`/usr/bin/chromium`: no browser is downloaded) and hands it to `use` with the
 * page's problems so far: its uncaught errors, and the console messages `isProblem` picks. Closes the browser after.
 */
export async function inChromiumPage<T>(
  isProblem: (message: ConsoleMessage) => boolean,
  use: (page: Page, problems: readonly string[]) => Promise<T>,
): Promise<T> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (isProblem(message)) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(String(error)));
    return await use(page, problems);
  } finally {
    await browser.close();
  }
}

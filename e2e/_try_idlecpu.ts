// Renderer CPU of pages left open: CDP Performance metrics over 20 s.
import { launchBrowser, registerOverApi, removeDataDir, startServer, uniqueName } from "./harness";
const s = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerOverApi(page, s.url, uniqueName("idle"));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async () => Object.fromEntries(((await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]));
  const measure = async (label: string) => {
    const a = await metrics();
    await page.waitForTimeout(20_000);
    const b = await metrics();
    const d = (k: string) => ((b[k] ?? 0) - (a[k] ?? 0));
    console.log(label, "per s: task", (d("TaskDuration") / 20 * 1000).toFixed(1), "ms, script", (d("ScriptDuration") / 20 * 1000).toFixed(1), "ms, layout", (d("LayoutDuration") / 20 * 1000).toFixed(1), "ms, style", (d("RecalcStyleDuration") / 20 * 1000).toFixed(1), "ms; layouts", d("LayoutCount"), "styles", d("RecalcStyleCount"));
  };
  await page.goto(`${s.url}/app`);
  await page.getByRole("button", { name: /^Start/ }).first().waitFor();
  await measure("/app idle timer");
  await page.getByRole("button", { name: /^Start/ }).first().click();
  await page.waitForTimeout(1000);
  await measure("/app running focus");
  await page.goto(`${s.url}/`);
  await page.waitForTimeout(1000);
  await measure("/ landing");
} finally {
  await browser.close();
  await s.stop();
  removeDataDir(s.dataDir);
}

import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Tab, TabList, TabPanel, Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function Segmented({ disabled }: { disabled?: string }) {
  const [value, setValue] = useState("one");
  return (
    <Tabs value={value} onValueChange={setValue}>
      <TabsList aria-label="Numbers">
        {["one", "two", "three"].map((name) => (
          <TabsTrigger key={name} value={name} disabled={name === disabled}>
            {name}
          </TabsTrigger>
        ))}
      </TabsList>
      {["one", "two", "three"].map((name) => (
        <TabsContent key={name} value={name}>
          Panel {name}
        </TabsContent>
      ))}
    </Tabs>
  );
}

const selected = () => screen.getByRole("tab", { selected: true }).textContent;

afterEach(cleanup);

describe("Tabs", () => {
  it("shows the selected tab's panel only, labelled by its tab, with only that tab in the Tab order", async () => {
    render(<Segmented />);
    const panel = screen.getByRole("tabpanel");
    expect(panel.textContent).toBe("Panel one");
    expect(panel.getAttribute("aria-labelledby")).toBe(screen.getByRole("tab", { name: "one" }).id);
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    await userEvent.setup().click(screen.getByRole("tab", { name: "two" }));
    expect(selected()).toBe("two");
    expect(screen.getByRole("tabpanel").textContent).toBe("Panel two");
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it("moves and selects with the arrow keys, Home and End, wrapping around and skipping a disabled tab", async () => {
    render(<Segmented disabled="two" />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "one" }));
    await user.keyboard("{ArrowRight}");
    expect(selected()).toBe("three");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "three" }));
    await user.keyboard("{ArrowRight}");
    expect(selected()).toBe("one");
    await user.keyboard("{ArrowLeft}");
    expect(selected()).toBe("three");
    await user.keyboard("{Home}");
    expect(selected()).toBe("one");
    await user.keyboard("{End}");
    expect(selected()).toBe("three");
    // Tab leaves the list for the panel.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("tabpanel"));
  });

  it("uses Up and Down in a vertical list, and keeps a forceMount panel mounted but hidden", async () => {
    function Rail() {
      const [value, setValue] = useState("timer");
      return (
        <Tabs value={value} onValueChange={setValue} orientation="vertical">
          <TabList aria-label="Sections">
            <Tab value="timer">Timer</Tab>
            <Tab value="stats">Stats</Tab>
          </TabList>
          <TabPanel value="timer" forceMount>
            Timer panel
          </TabPanel>
          <TabPanel value="stats">Stats panel</TabPanel>
        </Tabs>
      );
    }
    render(<Rail />);
    const user = userEvent.setup();
    expect(screen.getByRole("tablist").getAttribute("aria-orientation")).toBe("vertical");
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(selected()).toBe("Timer");
    await user.keyboard("{ArrowDown}");
    expect(selected()).toBe("Stats");
    expect(screen.getByText("Timer panel").hidden).toBe(true);
    expect(screen.getByRole("tabpanel").textContent).toBe("Stats panel");
    await user.keyboard("{ArrowUp}");
    expect(selected()).toBe("Timer");
    expect(screen.getByText("Timer panel").hidden).toBe(false);
    expect(screen.queryByText("Stats panel")).toBeNull();
  });
});

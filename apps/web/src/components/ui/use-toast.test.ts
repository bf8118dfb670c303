import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOAST_DURATION, TOAST_LIMIT, toast, useToast } from "./use-toast";

describe("toast store", () => {
  it("keeps one toast at a time, the newest", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second", variant: "destructive" });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    expect(result.current.toasts.map((t) => t.title)).toEqual(["Second"]);
    act(() => result.current.dismiss());
    expect(result.current.toasts[0]?.open).toBe(false);
  });
});

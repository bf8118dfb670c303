/**
 * The Deep Work and Relax tracks keep the catalogue's promises (test/trackPromises.ts), and Relax
 * sounds darker than every Deep Work track.
 */
import { describe, expect, it } from "vitest";
import { describeTrackPromises, measure } from "./test/trackPromises";
import { tracksOf } from "./tracks";

describeTrackPromises([...tracksOf("deep-work"), ...tracksOf("relax")]);

describe("Relax against Deep Work", () => {
  it("gives Relax a lower spectral centroid than every Deep Work track", () => {
    const relax = measure(tracksOf("relax")[0]!).spectralCentroidHz;
    for (const t of tracksOf("deep-work")) expect(relax, t.id).toBeLessThan(measure(t).spectralCentroidHz);
  });
});

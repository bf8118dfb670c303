/** The Creative tracks keep the catalogue's promises (test/trackPromises.ts). */
import { describeTrackPromises } from "./test/trackPromises";
import { tracksOf } from "./tracks";

describeTrackPromises(tracksOf("creative"));

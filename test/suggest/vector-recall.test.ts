// A passage is about a request by what it says in words of its own: the soft recall by word
// vectors gives the request's own words (any inflection) nothing, finds a paraphrase that shares
// no word with the request, and puts it above a passage on a neighbouring subject that repeats the
// request's words (tested on the real vectors, which `npm ci` installs).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWordVectors } from '../../daemon/pipeline/language/word-vectors.js';
import { vectorRecall } from '../../daemon/pipeline/language/vector-recall.js';
import { prepareCriteria } from '../../daemon/pipeline/suggest/criteria.js';

const ASPECTS = ['husband', 'noisy', 'bed', 'lie', 'awake', 'night'];
const ROLES = [1, 1, 0.6, 0.6, 0.6, 0.6];
const words = (text: string) => text.toLowerCase().split(/\W+/).filter((w) => w.length > 2);

beforeAll(async () => {
  expect(await loadWordVectors()).not.toBeNull();
});

describe('soft recall of a request by word vectors', () => {
  it("credits nothing for the request's own words, in any inflection", () => {
    expect(vectorRecall(ASPECTS, ROLES, ['husbands', 'noisy', 'beds', 'nights', 'awake'])).toBe(0);
    expect(vectorRecall([], [], ['snoring'])).toBe(0);
    // The parts of a compound of the request are its own words too.
    expect(vectorRecall(['old_age', 'money'], [1, 1], ['old', 'ages', 'money'])).toBe(0);
  });

  it('puts a paraphrase above a neighbouring subject that repeats the request\'s words', async () => {
    const { aspects, roles } = await prepareCriteria('black spots spreading on the bedroom wall', 'en');
    const mould = words('Every winter a grey green fuzz crept across the corner above our bed and the room smelled like a wet cellar. A surveyor told us it was not a leak but condensation: we were drying laundry on radiators and keeping the windows shut, so moist air settled on the coldest surface. We scrubbed the patches with diluted bleach and painted over them with a paint that resists fungus, and a dehumidifier collects a litre of water a day');
    const stars = words('Our daughter wanted a dramatic bedroom, so we painted one wall black and added white spots with a stencil, like a night sky full of stars. We used masking tape along the ceiling, spread a primer and rolled on three coats of black paint. She dabbed white paint through the holes with a sponge, spreading each spot thinly, and the bedroom wall now looks like a galaxy');
    expect(vectorRecall(aspects, roles, mould)).toBeGreaterThan(vectorRecall(aspects, roles, stars));
  });
});

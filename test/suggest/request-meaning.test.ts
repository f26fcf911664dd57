// With a request, a request that shares no content word with the passage it means still finds it
// before a louder passage that repeats the request's words while talking of something else.
import { describe, expect, it } from 'vitest';
import { suggestClips } from '../../daemon/pipeline/suggest/index.js';
import { passageTalk, shareIn as share } from './passage-talk.js';

const PASSAGES = {
  son: 'When our son turned fifteen he stopped telling us anything about his day. He came home, shut his bedroom door and answered every question with a shrug. A family counsellor explained that adolescents pull away from their parents while they build an identity of their own, and that silence is not rejection. She told us to stop interrogating him at dinner and to be around without pressure: driving him to football, cooking together, watching his favourite series. The conversations came back slowly, usually late in the evening and usually in the car.',
  museum: 'Why does every teenager love the science talks at the city museum? As a teenager I never missed them. Every Saturday a professor gave talks about planets, volcanoes and the deep sea, and the hall was always full. I never understood all of it, but I loved the slides of distant galaxies and the models of erupting mountains. The museum still runs those talks for every teenager who wants to come, and tickets cost nothing. Last month the talk was about comets, and I never saw so many telescopes in one room. People say nobody talks about the stars anymore, but those talks are never empty.',
  compost: 'Half of what our household throws away is peelings, coffee grounds and eggshells, so we built a compost heap behind the shed. The rule is to mix green waste with brown material like dry leaves and torn cardboard, roughly equal parts. Keep the heap as damp as a wrung sponge and fork it over every few weeks to let air in. Worms arrive on their own. After about nine months the bottom of the heap becomes dark and crumbly and smells like a forest floor.',
  faucet: 'The kitchen faucet dripped all night, so I took it apart myself. First shut the valve under the sink and open the handle to drain the pipe. Unscrew the handle, then use a spanner to loosen the cartridge nut. In my case the rubber washer was worn flat and cracked. I took it to the hardware store, bought a matching washer for a few pence and put everything back together. The whole job took twenty minutes and saved a call out fee.',
};
const talk = (order: Array<keyof typeof PASSAGES>, loud: Array<keyof typeof PASSAGES> = []) => passageTalk(PASSAGES, order, loud);
const REQUEST = 'why my teenager never talks to me anymore';

describe('relevance by meaning, not shared words', () => {
  it(`"${REQUEST}" finds the passage on a withdrawn adolescent first, before a louder one that repeats "teenager", "talks" and "never"`, async () => {
    const { transcript, analysis, probe, spans } = talk(['compost', 'museum', 'faucet', 'son'], ['museum']);
    const clips = await suggestClips(transcript, analysis, probe, { criteria: REQUEST, language: 'en' });
    expect(share(clips[0], spans.son)).toBeGreaterThan(0.75);
  });
});

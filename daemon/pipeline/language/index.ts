// The offline language toolkit shared by the suggest stage and the caption writer (issue 5).
// Everything here is English-first (WordNet, Porter, Double Metaphone, AFINN); stemming and stop
// words also cover the other languages natural ships.
export { tokenize, normalizeWord, isStopWord, isContentWord, isFiller, contentTokens } from './tokens.js';
export { stem } from './stem.js';
export { phoneticKeys, soundsAlike, spellingSimilarity } from './phonetic.js';
export { lemmas, baseFormCandidates, type Lemma } from './lemma.js';
export { relatedWords, RELATION_WEIGHTS, type RelatedWord, type Relation } from './synonyms.js';
export { wordNet, WordNet, type WordNetSynset, type WordNetPos } from './wordnet.js';
export { transcriptWords, splitSentences, transcriptSentences, SENTENCE_PAUSE, type TimedWord, type Sentence } from './sentences.js';
export { TermCorpus, keyTerms, contentStems, type KeyTerm } from './tfidf.js';
export { keyPhrases, rankKeyPhrases, hashtags, toHashtag, type KeyPhrase } from './keyphrases.js';
export { titleCase, sentenceCase, trimAtWord } from './phrases.js';
export {
  emotionalStrength, isQuestionOpener, isDirectAddress, isNumberWord, isContinuation, hookFeatures, hookStrength, type HookFeatures,
} from './emphasis.js';
export { rankSentences, strongestSentence, type RankedSentence } from './strongest.js';

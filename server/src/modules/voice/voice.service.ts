import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { VOICE_LIMITS, VOICE_MESSAGES, type VoiceAnswer, type VoiceQuery } from '@shared/contracts/voice';
import type { Database } from '../../db/client';
import { landmarks, menuItems, userFavorites, voiceAnswers, voiceSessions } from '../../db/schema';
import { GeocodingUnavailable, type GeocodingProvider } from '../../integrations/geocoding';
import { haversineKm } from '@shared/utils/geo';
import { knownPlacesFor } from '../trucks/known-places';
import { AudioInputError, type SpeechProvider, type SpeechVocabulary } from '../../integrations/speech';
import { isSilent, trimSilence } from '../../integrations/speech/audio';
import { FairQueue } from '../../lib/fair-queue';
import { badRequest, payloadTooLarge } from '../../lib/http-errors';
import type { TruckFeed } from '../trucks/truck-feed';
import { categoryRank, listVisibleTrucks } from '../trucks/trucks.service';
import { lastTruckEventId } from '../trucks/truck-events';
import { orderingNow } from '../orders/orders.service';
import { loadStops, truckZones } from '../schedules/schedule.repository';
import {
  answerQuestion,
  orderingAsked,
  type AnswerContext,
  type KnownItem,
  type KnownSchedule,
  type KnownTruck,
  type SessionState,
} from './voice-answers';
import { namingTheTruck, needsOf, ofTheTruckTalkedAbout, withTheFood, withTheNeeds } from './refer';
import { buildUnderstanding, placeName, understand, withPlace, type Intent, type Understanding } from './understand';
import { buildLexicon, CUISINE_SPOKEN, spoken, vocabularyOf, type Lexicon } from './voice-language';

/**
 * A place a geocoder finds for a diner's words counts only this close to the diner (or, without a
 * position, to a truck diners can see): "near the airport" is this city's airport, never another's.
 */
export const GEOCODED_PLACE_MAX_KM = 80;

/** Spoken answers stay playable this long (the contract promises at least 10 minutes). */
export const ANSWER_TTL_MINUTES = 30;

interface Knowledge {
  version: string;
  trucks: Map<number, KnownTruck>;
  itemsByTruck: Map<number, KnownItem[]>;
  /** Each menu item's truck. */
  truckOfItem: Map<number, number>;
  schedules: Map<number, KnownSchedule>;
  lexicon: Lexicon;
  /** The same live data, as the understanding layer looks it up (understand.ts). */
  understanding: Understanding;
  vocabulary: SpeechVocabulary;
}

/** Who asks: a signed-in user, or an anonymous visitor (free endpoint). */
export type Asker = { userId: number } | { visitorId: string };

export interface AskResult {
  answer: Omit<VoiceAnswer, 'freeUsesRemaining'>;
  /** False for "please rephrase" answers: they do not use up a free question. */
  understood: boolean;
}

/**
 * The voice assistant: recording → transcript → question → answer grounded in the trucks diners
 * can see → spoken answer. One per app (built by buildApp: createVoiceAssistant), holding the
 * vocabulary it last compiled. Every truck change (renames, menus, schedules, visibility, votes)
 * writes a truck event: each question reads the id of the last one committed, so a change made
 * by any process just before is in the answer (read-your-writes: on PostgreSQL its notification
 * may still be on its way). Ratings and gaps in notifications, which no truck event marks, come
 * from the truck feed. Old sessions and answers are deleted by a worker (workers/voice-prune.ts).
 */
/** Intents that already answer about the conversation's truck, or about no truck at all. */
const POINTS_ALREADY: ReadonlySet<Intent['kind']> = new Set(['follow-up', 'small-talk', 'favorites']);

/** The food a question asks for, as said ("dessert", or a cuisine's first word: "mexican"), if any. */
const foodOf = (intent: Intent): string | undefined =>
  'food' in intent && intent.food
    ? intent.food.words
    : 'cuisine' in intent && intent.cuisine
      ? (CUISINE_SPOKEN[intent.cuisine]?.[0] ?? spoken(intent.cuisine))
      : undefined;

/** Whether a question is about trucks it names. */
const namesATruck = (intent: Intent): boolean => 'truckIds' in intent && (intent.truckIds?.length ?? 0) > 0;

export class VoiceAssistant {
  private knowledge: Promise<Knowledge> | undefined;
  /** Bumped by every rating and notification gap the feed reports: the knowledge of an older one is stale. */
  private generation = 0;
  private readonly synthesizing = new Map<string, Promise<{ audio: Buffer; contentType: string }>>();
  /**
   * Recordings are decoded and recognised one at a time per process, callers in turn: a caller
   * sending many (or long, noisy) recordings delays another caller by at most the one in hand.
   */
  private readonly recordings = new FairQueue();

  constructor(
    private readonly db: Database,
    private readonly speech: SpeechProvider,
    /** DEFAULT_TIMEZONE: the zone of the stops of trucks whose operator chose none. */
    private readonly defaultTimeZone: string,
    /** Finds places no truck address, stop or landmark has (a configured Nominatim or Photon). */
    private readonly geocoding?: GeocodingProvider,
  ) {}

  /** A rating changed (or notifications may have been missed): the next question reloads. */
  trucksChanged(): void {
    this.generation += 1;
  }

  /** Trucks, menus and the vocabulary, rebuilt when a truck changed since (a later truck event). */
  async know(): Promise<Knowledge> {
    const version = `${this.generation}.${await lastTruckEventId(this.db)}`;
    const cached = this.knowledge ? await this.knowledge.catch(() => undefined) : undefined;
    if (cached?.version === version) return cached;
    this.knowledge = this.load(version);
    return this.knowledge;
  }

  private async load(version: string): Promise<Knowledge> {
    const rows = await listVisibleTrucks(this.db, null);
    const trucks = new Map<number, KnownTruck>(rows.map((t) => [t.id, t]));
    const items = await this.db
      .select({
        id: menuItems.id,
        truckId: menuItems.foodTruckId,
        name: menuItems.name,
        description: menuItems.description,
        priceCents: menuItems.priceCents,
        available: menuItems.available,
        diets: menuItems.diets,
        allergens: menuItems.allergens,
        category: menuItems.category,
      })
      .from(menuItems)
      // The menu's own order (the truck page's): "what's good at Smokestack" starts with its mains.
      .orderBy(menuItems.foodTruckId, sql`${menuItems.available} desc`, categoryRank, sql`lower(${menuItems.name})`, menuItems.id);
    const itemsByTruck = new Map<number, KnownItem[]>();
    for (const item of items) {
      if (!trucks.has(item.truckId)) continue;
      const list = itemsByTruck.get(item.truckId) ?? [];
      list.push(item);
      itemsByTruck.set(item.truckId, list);
    }
    // Schedule changes publish a truck event too, so the stops are as fresh as the version.
    const ids = [...trucks.keys()];
    const [zones, stops, named] = await Promise.all([
      truckZones(this.db, ids, this.defaultTimeZone),
      loadStops(this.db, ids),
      this.db.select().from(landmarks),
    ]);
    const schedules = new Map<number, KnownSchedule>(
      [...stops].map(([id, truckStops]) => [id, { zone: zones.get(id) ?? this.defaultTimeZone, stops: truckStops }]),
    );
    const allItems = [...itemsByTruck.values()].flat();
    const allStops = [...stops.values()].flat();
    const lexicon = buildLexicon(rows, allItems, [
      ...named.flatMap((l) => [l.name, ...l.aliases]),
      ...allStops.map((s) => s.address),
      ...rows.flatMap((t) => (t.address ? [t.address] : [])),
    ]);
    const understanding = buildUnderstanding(rows, allItems, allStops, named);
    const truckOfItem = new Map(allItems.map((i) => [i.id, i.truckId]));
    return { version, trucks, itemsByTruck, truckOfItem, schedules, lexicon, understanding, vocabulary: vocabularyOf(lexicon, version) };
  }

  /** Compiles the grammar ahead of the first question. */
  async warm(): Promise<void> {
    const { vocabulary } = await this.know();
    await this.speech.prepare?.(vocabulary);
  }

  private async transcribe(audioData: string, vocabulary: SpeechVocabulary) {
    const base64 = audioData.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw badRequest(VOICE_MESSAGES.undecodable);
    const audio = Buffer.from(base64, 'base64');
    if (audio.length === 0) throw badRequest(VOICE_MESSAGES.noAudio);
    if (audio.length > VOICE_LIMITS.maxAudioBytes) {
      throw payloadTooLarge(`Recordings are limited to ${VOICE_LIMITS.maxAudioBytes / 1024 / 1024} MB`);
    }
    try {
      const { pcm } = await this.speech.decode(audio, VOICE_LIMITS.maxSeconds);
      if (pcm.samples.length === 0 || isSilent(pcm)) throw badRequest(VOICE_MESSAGES.noAudio);
      return await this.speech.transcribe({ audio, pcm: trimSilence(pcm) }, vocabulary);
    } catch (error) {
      if (error instanceof AudioInputError) {
        throw error.reason === 'too-long' ? payloadTooLarge(error.message) : badRequest(error.message);
      }
      throw error;
    }
  }

  private async loadSession(id: string | null | undefined, asker: Asker): Promise<{ id: string; state: SessionState }> {
    const owner = 'userId' in asker ? eq(voiceSessions.userId, asker.userId) : eq(voiceSessions.visitorId, asker.visitorId);
    if (id) {
      const [row] = await this.db
        .select({ state: voiceSessions.state })
        .from(voiceSessions)
        .where(and(eq(voiceSessions.id, id), owner))
        .limit(1);
      if (row) return { id, state: row.state as SessionState };
    }
    return { id: randomBytes(12).toString('base64url'), state: { truckIds: [], index: 0 } };
  }

  private async saveSession(id: string, asker: Asker, state: SessionState): Promise<void> {
    const owner = 'userId' in asker ? { userId: asker.userId } : { visitorId: asker.visitorId };
    await this.db
      .insert(voiceSessions)
      .values({ id, ...owner, state })
      .onConflictDoUpdate({ target: voiceSessions.id, set: { state, updatedAt: new Date() } });
  }

  /** Recordings waiting for their turn (not the one in hand). */
  get recordingsWaiting(): number {
    return this.recordings.size;
  }

  /** `caller` (the user, or the client address for anonymous visitors) is whose turn a recording takes. */
  async ask(query: VoiceQuery, asker: Asker, caller: string): Promise<AskResult> {
    const knowledge = await this.know();
    let transcript: string;
    let heard = true;
    let otherReadings: (() => Promise<string[]>) | undefined;
    let doubt: [string, string] | undefined;
    if (query.audioData) {
      const audioData = query.audioData;
      const result = await this.recordings.run(caller, () => this.transcribe(audioData, knowledge.vocabulary));
      transcript = result.text;
      heard = result.text.length > 0;
      otherReadings = result.otherReadings;
      doubt = result.doubt;
    } else if (query.text) {
      transcript = query.text;
    } else {
      throw badRequest(VOICE_MESSAGES.noAudio);
    }

    const session = await this.loadSession(query.sessionId, asker);
    const favoriteIds =
      'userId' in asker
        ? (
            await this.db
              .select({ id: userFavorites.foodTruckId })
              .from(userFavorites)
              .where(eq(userFavorites.userId, asker.userId))
          ).map((r) => r.id)
        : undefined;
    // A recording's transcript may have misheard words: foods that do not go together are asked again.
    const reading = { heard: Boolean(query.audioData) };
    // A food the recogniser doubts is not answered on a guess (ADR 0171): asked again, unless
    // another reading of the recording is answered.
    let intent: Intent = !heard
      ? { kind: 'unknown', heard: '' }
      : doubt
        ? { kind: 'unsure', words: doubt, doubted: true }
        : understand(transcript, knowledge.understanding, reading);
    if (intent.kind === 'unknown-place') {
      const found = await this.geocodedPlace(intent.place, query.userLocation ?? undefined, knowledge);
      if (found) intent = understand(transcript, withPlace(knowledge.understanding, intent.place, found), reading);
    }
    // "Do they take cards", "what's the cheapest thing there", "the second one": a truck of the
    // conversation pointed at, not named — understood with its name in its place (ADR 0193).
    if (heard && !doubt && !namesATruck(intent) && !POINTS_ALREADY.has(intent.kind)) {
      const named = namingTheTruck(transcript, session.state, (id) => knowledge.trucks.get(id)?.name);
      const again = named === undefined ? undefined : understand(named, knowledge.understanding, reading);
      if (again && (namesATruck(again) || again.kind === 'dish-labels')) intent = again;
    }
    // "What about thursday" after "dessert after 8 tonight": the same food, another time (or place).
    const carried =
      heard && !doubt && !foodOf(intent) && !namesATruck(intent) && !POINTS_ALREADY.has(intent.kind) ? withTheFood(transcript, session.state) : undefined;
    if (carried) {
      const again = understand(carried, knowledge.understanding, reading);
      if (foodOf(again)) intent = again;
    }
    if (heard && !doubt) intent = ofTheTruckTalkedAbout(withTheNeeds(intent, transcript, session.state), session.state, (id) => knowledge.truckOfItem.get(id));
    const base: AnswerContext = {
      trucks: knowledge.trucks,
      itemsByTruck: knowledge.itemsByTruck,
      schedules: knowledge.schedules,
      now: new Date(),
      position: query.userLocation ? { lat: query.userLocation.latitude, lng: query.userLocation.longitude } : undefined,
      favoriteIds,
      state: session.state,
    };
    const context = { ...base, ordering: await this.orderingFor(intent, base) };
    let answer = answerQuestion(intent, context);
    // What the recogniser heard would be asked again, or names nothing ("i'm looking for i find"
    // for "I am looking for ice cream"): its other readings are tried in turn (ADR 0169), read in
    // the caller's turn like the first. A first reading that names nothing gives way only to one
    // that names something.
    const vague = answer.understood && namesNothing(intent);
    const others = (!answer.understood || vague) && otherReadings ? await this.recordings.run(caller, otherReadings) : [];
    for (const other of others) {
      const otherIntent = understand(other, knowledge.understanding, reading);
      if (vague && namesNothing(otherIntent)) continue;
      const reread = answerQuestion(otherIntent, { ...base, ordering: await this.orderingFor(otherIntent, base) });
      if (!reread.understood) continue;
      answer = reread;
      transcript = other;
      break;
    }
    const food = foodOf(intent);
    // A diet or an allergy asked for is kept for the turns after ("can she eat at Smokestack").
    const needs = needsOf(intent);
    await this.saveSession(session.id, asker, { ...answer.state, ...(food ? { food } : {}), ...(needs.length > 0 ? { needs } : {}) });
    const answerId = await this.storeAnswer(answer.text);
    return {
      understood: answer.understood,
      answer: {
        text: answer.text,
        transcript,
        sessionId: session.id,
        recommendedTruckIds: answer.truckIds,
        recommendedTruckId: answer.truckIds[0] ?? null,
        recommendedTrucks: answer.truckIds.flatMap((id) => {
          const truck = knowledge.trucks.get(id);
          return truck ? [{ id, name: truck.name }] : [];
        }),
        audioUrl: `/api/voice-assistant/audio/${answerId}`,
      },
    };
  }

  /**
   * Whether the trucks a question about ordering asks about take orders now (orderingAsked). Read
   * per question, not with the knowledge: pausing orders or a subscription ending is no truck event.
   */
  private async orderingFor(intent: Intent, context: AnswerContext): Promise<AnswerContext['ordering']> {
    const asked = orderingAsked(intent, context);
    if (asked.length === 0) return undefined;
    const gates = await Promise.all(asked.map(async (id) => [id, await orderingNow(this.db, id, this.defaultTimeZone)] as const));
    return new Map(gates.flatMap(([id, gate]) => (gate ? [[id, gate] as const] : [])));
  }

  /**
   * A place named in words no truck address, stop or landmark has, from the geocoding provider:
   * the best match near the diner, within GEOCODED_PLACE_MAX_KM of them (or of a truck). Undefined
   * when there is none or the provider is unavailable: the answer then says it doesn't know the place.
   */
  private async geocodedPlace(
    said: string,
    at: { latitude: number; longitude: number } | undefined,
    knowledge: Knowledge,
  ): Promise<{ name: string; lat: number; lng: number } | undefined> {
    if (!this.geocoding) return undefined;
    let place;
    try {
      [place] = await this.geocoding.search(said, { near: at, limit: 1 }, knownPlacesFor(this.db, null));
    } catch (err) {
      if (err instanceof GeocodingUnavailable) return undefined;
      throw err;
    }
    if (!place) return undefined;
    const where = { lat: place.latitude, lng: place.longitude };
    const anchors = at
      ? [{ lat: at.latitude, lng: at.longitude }]
      : [...knowledge.trucks.values()].flatMap((t) => (t.latitude !== null && t.longitude !== null ? [{ lat: t.latitude, lng: t.longitude }] : []));
    if (!anchors.some((a) => haversineKm(a, where) <= GEOCODED_PLACE_MAX_KM)) return undefined;
    return { name: placeName(place.label), ...where };
  }

  private async storeAnswer(text: string): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    await this.db.insert(voiceAnswers).values({ id, text });
    // Start speaking now, so the audio is usually ready when the browser asks for it.
    this.spoken(id, text).catch(() => undefined);
    return id;
  }

  private spoken(id: string, text: string) {
    let pending = this.synthesizing.get(id);
    if (!pending) {
      pending = (async () => {
        const audio = await this.speech.synthesize(text);
        await this.db
          .update(voiceAnswers)
          .set({ audioBase64: audio.audio.toString('base64'), contentType: audio.contentType })
          .where(eq(voiceAnswers.id, id));
        return audio;
      })().finally(() => this.synthesizing.delete(id));
      this.synthesizing.set(id, pending);
    }
    return pending;
  }

  /** The spoken answer, or undefined when unknown or older than ANSWER_TTL_MINUTES. */
  async answerAudio(id: string): Promise<{ audio: Buffer; contentType: string } | undefined> {
    const [row] = await this.db
      .select({ text: voiceAnswers.text, audioBase64: voiceAnswers.audioBase64, contentType: voiceAnswers.contentType })
      .from(voiceAnswers)
      .where(
        and(
          eq(voiceAnswers.id, id),
          sql`${voiceAnswers.createdAt} > now() - (${ANSWER_TTL_MINUTES} * interval '1 minute')`,
        ),
      )
      .limit(1);
    if (!row) return undefined;
    if (row.audioBase64 && row.contentType) {
      return { audio: Buffer.from(row.audioBase64, 'base64'), contentType: row.contentType };
    }
    return this.spoken(id, row.text);
  }
}

/**
 * A question that names no food, place, time or truck: "what's open", "find me something". Any
 * other intent names what it asks about.
 */
function namesNothing(intent: Intent): boolean {
  if (intent.kind === 'open-now') return !intent.food && !intent.place && intent.after === undefined;
  return (intent.kind === 'nearest' || intent.kind === 'best') && !intent.food && !intent.place;
}

/** The process's voice assistant, told of truck changes by the truck feed (buildApp). */
export function createVoiceAssistant(
  db: Database,
  speech: SpeechProvider,
  defaultTimeZone: string,
  feed: TruckFeed,
  geocoding?: GeocodingProvider,
): VoiceAssistant {
  const assistant = new VoiceAssistant(db, speech, defaultTimeZone, geocoding);
  const changed = () => assistant.trucksChanged();
  // Truck events are read per question (know); ratings write none.
  feed.subscribe({ ratingEvent: changed, notificationGap: changed });
  return assistant;
}

// strictness.ts: calls that must NOT compile. types.test.mjs expects tsc to refuse exactly the lines
// marked EXPECT, each with that error code, and nothing else.
import { BBFanClient } from "bbfan-client";

declare const client: BBFanClient;

export async function wrong(): Promise<void> {
  await client.episodesGet(1); // EXPECT TS2345: the params object, not a positional id
  await client.episodesGet({}); // EXPECT TS2345: id is required
  await client.episodesGet({ id: "1" }); // EXPECT TS2322: id is a number
  await client.episodesList({ season: 1 }); // EXPECT TS2345: not a member of episodes.list's params
  const { seasons } = await client.episodesList();
  const title: number = seasons[0].episodes[0].title; // EXPECT TS2322: title is a string
  const user = (await client.authSession()).user;
  const name: string = user.username; // EXPECT TS2531: user may be null
  await client.quizzesReview({ id: 1, grade: 5 }); // EXPECT TS2322: a grade is a string (any string: enums are open)
  await client.quizzesReview({ id: 1, grade: "meh" }); // compiles: an open enum takes values this client does not know
  await client.episodesList({ universe: "the-wire", progressToken: 7 }); // compiles: so does a new universe
}

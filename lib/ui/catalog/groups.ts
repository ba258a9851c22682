/**
 * What a model needs to know to use each group of components well, and one
 * worked example per group. The reference text (text.ts) prints these with
 * the group's components; the examples are compiled in tests, so they stay
 * valid as the catalog and the compiler change.
 */
import type { UiGroupName } from "./entry";

/** One group's shared instructions and worked example. */
export type UiGroup = {
  /** Advice shared by the group's components, in plain sentences. */
  instructions: string;
  /** A complete block body (what goes between ```ui and ```) using the group's components. */
  example: string;
};

/** The instructions and worked example of every group, in the reference's order. */
export const UI_GROUPS: Record<UiGroupName, UiGroup> = {
  Status: {
    instructions: [
      "Use these to say where things stand. Open with one <Summary> of one or two sentences; the rest of the block details it.",
      "A <Callout> is for what must not be missed (tone warning or danger), or a tip (info); one per block is usually enough.",
      "<Tag> marks a state or category in one or two words, on its own or inside a sentence. <Progress> shows a percentage. <Steps> shows a plan or pipeline: each <Step> has a status, and the current one is active.",
      "The text of <Summary>, <Callout> and <Step> may hold a <Tag> and host-link chips (<File>, <Commit>, …) inline, like words of the sentence.",
    ].join(" "),
    example: `$done = 3
$regions = 6
<Summary>The api rollout is halfway: {$done} of {$regions} regions run the new version.</Summary>
<Callout tone="warning" title="eu-west-1 is slow">Health checks take 40 s instead of 10 s since <Commit sha="4b1d2e9"/>.</Callout>
<Progress value={$done / $regions * 100} label="Regions updated"/>
<Steps title="Rollout">
  <Step title="Build" status="done"/>
  <Step title="Canary" status="done">1% of traffic for 10 minutes: <Tag tone="success">no errors</Tag></Step>
  <Step title="Regions" status="active"/>
  <Step title="Clean up"/>
</Steps>
<Tag tone="info">production</Tag>`,
  },
  Data: {
    instructions: [
      "Use these for numbers and records. Put the data in one variable and derive everything from it with helpers, so every figure agrees.",
      "<Stats> holds a few <Stat> figures (three to five). <Table rows={…}> shows records, one <Column field=\"…\"> per field to show; add sortable for more than a handful of rows.",
      "<Chart> needs rows with a label and numeric fields; build them with @Map when the data has other names. <EntityList> lists things with a title each; an <Entry> can carry host-link chips.",
    ].join(" "),
    example: `$runs = [{name: "login", ms: 120, failed: false}, {name: "checkout", ms: 940, failed: true}, {name: "search", ms: 310, failed: false}]
<Stats>
  <Stat label="Tests" value={@Count($runs)}/>
  <Stat label="Failed" value={@Count(@Filter($runs, run, run.failed))} delta={1} tone="danger"/>
  <Stat label="Slowest" value={@Max($runs, "ms")} unit="ms"/>
</Stats>
<Table rows={$runs} title="Test runs" sortable>
  <Column field="name" title="Test"/>
  <Column field="ms" title="Time" unit="ms" presentation="number"/>
  <Column field="failed" title="Failed"/>
</Table>
<Chart kind="bar" rows={@Map($runs, run, {label: run.name, ms: run.ms})} title="Time per test" unit="ms"/>
<EntityList title="Failing">
  <Entry title="checkout" subtitle="payments team" tone="danger">Fails since <Commit sha="9f2c1ab"/> in <File path="src/checkout/cart.ts" line={88}/></Entry>
</EntityList>`,
  },
  Structure: {
    instructions: [
      "Use these only when one block holds more than fits on a screen. <Tabs> for parallel views of the same thing (each <Tab> has a label), <Sections> for parts a person opens one at a time (mark the important one open).",
      "A Tab or Section takes any components; keep nesting shallow.",
    ].join(" "),
    example: `<Tabs>
  <Tab label="Summary">
    <Summary>Two services changed in this release.</Summary>
  </Tab>
  <Tab label="Details">
    <Sections>
      <Section title="api" open>
        <Summary>A new endpoint lists orders by customer.</Summary>
      </Section>
      <Section title="web">
        <Summary>The checkout page uses the new endpoint.</Summary>
      </Section>
    </Sections>
  </Tab>
</Tabs>`,
  },
  Content: {
    instructions: [
      "<CodeBlock lang=\"…\"> and <Diagram> take literal content up to their closing tag: write code and mermaid source as is, nothing inside is parsed.",
      "<Image> shows only images of this conversation: an attachment id, or generated=\"latest\" for the image just generated; never a URL or a file path.",
      "<Sources> lists what the answer relies on; each <Source> has a title and an http(s) href. Links appear nowhere else.",
    ].join(" "),
    example: `<CodeBlock lang="ts" title="retry.ts">
export function retry<T>(run: () => Promise<T>, times = 3): Promise<T> {
  return run().catch((error) => (times > 1 ? retry(run, times - 1) : Promise.reject(error)));
}
</CodeBlock>
<Diagram title="Request path">
flowchart LR
  Client --> API --> Database
</Diagram>
<Image generated="latest" alt="Sketch of the request path" caption="Generated just now"/>
<Sources>
  <Source title="MDN: Promise.prototype.catch()" href="https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Promise/catch">How catch passes a rejection on.</Source>
</Sources>`,
  },
  "Host links": {
    instructions: [
      "Chips that open something in the project: <File path line?>, <Diff path? base? head?>, <Commit sha>, <Node ref>. Paths are relative to the project root.",
      "They stand alone, inside an <Entry>, or inline in the text of a <Summary>, <Callout> or <Step>; the host checks each target and shows plain text for one it cannot open, so name only what you have seen.",
    ].join(" "),
    example: `<Summary>The crash comes from one line in <File path="src/server/session.ts" line={42}/>, changed in <Commit sha="3e4f5a6"/>.</Summary>
<File path="src/server/session.ts" line={42}/>
<Diff path="src/server/session.ts" base="main" head="fix-session"/>
<Commit sha="3e4f5a6"/>
<Node ref="service:auth" label="Auth service"/>`,
  },
  "Local inputs": {
    instructions: [
      "Inputs change the panel at once, in the browser, without asking you: declare a state variable with a literal default ($limit = 5) and bind it (value={$limit}); everything that reads it updates.",
      "A bound variable keeps the type of its default: a Switch or Item needs a boolean, a Slider a number between min and max, a TextField a string, a Segmented a value one of its Options has.",
      "<Show when={…}> shows its children while a condition holds; <Each items={…} as=\"x\"> repeats them per element, with x readable inside. Both are invisible: their children must fit where they stand.",
      "Every input should change something visible or be sent with a Choice; otherwise leave it out.",
    ].join(" "),
    example: `$failedOnly = false
$limit = 5
$period = "week"
$changelog = false
$note = ""
$tests = [{name: "login", failed: false}, {name: "checkout", failed: true}, {name: "search", failed: false}]
$fixed = []
<Switch label="Failed only" value={$failedOnly}/>
<Slider label="Show at most" min={1} max={20} value={$limit}/>
<Segmented label="Period" value={$period}>
  <Option value="day" label="Day"/>
  <Option value="week" label="Week"/>
</Segmented>
<Summary>Tests of the last {$period}:</Summary>
<Each items={@Take(@Filter($tests, test, !$failedOnly || test.failed), $limit)} as="test">
  <Tag tone={test.failed ? "danger" : "success"}>{test.name}</Tag>
</Each>
<Checklist title="Before the release">
  <Item label="Changelog written" checked={$changelog}/>
</Checklist>
<Checklist title="Fixed" items={@Map($tests, test, test.name)} value={$fixed}/>
<Summary>{@Count($fixed)} of {@Count($tests)} fixed</Summary>
<Show when={$changelog}>
  <TextField label="Release note" value={$note} placeholder="One line for the changelog"/>
  <Summary>Note: {$note}</Summary>
</Show>`,
  },
  Choices: {
    instructions: [
      "End a block with <Choices> when the person's next step is one of a few: each <Choice> has a stable id, a short label, and a context saying exactly what to do.",
      "Picking a choice sends you its label and context with the current values of the block's inputs, so a choice can act on what was set above.",
      "A choice with run={@Set($x, value)}, run={@Reset($x)} or run={@Reset()} only changes the panel and sends nothing. disabled greys a choice out.",
    ].join(" "),
    example: `$dryRun = true
<Switch label="Dry run" value={$dryRun}/>
<Choices>
  <Choice id="deploy" label="Deploy now" context={$dryRun ? "Deploy main to production as a dry run" : "Deploy main to production"}/>
  <Choice id="wait" label="Wait for the nightly build" context="Deploy tonight after the nightly build passes"/>
  <Choice id="reset" label="Reset" run={@Reset()}/>
</Choices>`,
  },
};

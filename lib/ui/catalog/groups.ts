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
  /** A complete block body (what goes between ```ui and ```) using the group's components, as short as shows them: every full prompt pays for it. */
  example: string;
};

/** The instructions and worked example of every group, in the reference's order. */
export const UI_GROUPS: Record<UiGroupName, UiGroup> = {
  Status: {
    instructions: "Open with one <Summary> of one or two sentences; add a <Callout> only for what must not be missed, one per block.",
    example: `$done = 3
<Summary>The api rollout is halfway: {$done} of 6 regions run it.</Summary>
<Callout tone="warning" title="eu-west-1 is slow">Health checks take 40 s since <Commit sha="4b1d2e9"/>.</Callout>
<Progress value={$done / 6 * 100} label="Regions"/>
<Steps>
  <Step title="Canary" status="done"><Tag tone="success">no errors</Tag></Step>
  <Step title="Regions" status="active"/>
</Steps>`,
  },
  Data: {
    instructions: [
      "Put the data in one variable and derive every figure from it with helpers, so they agree.",
      "<Stats> holds three to five <Stat>s.",
      "Build a Chart's rows with @Map when the data has other field names.",
    ].join(" "),
    example: `$runs = [{name: "login", ms: 120, failed: false}, {name: "checkout", ms: 940, failed: true}]
<Stats>
  <Stat label="Failed" value={@Count(@Filter($runs, run, run.failed))} delta={1} tone="danger"/>
  <Stat label="Slowest" value={@Max($runs, "ms")} unit="ms"/>
</Stats>
<Table rows={$runs} sortable>
  <Column field="name" title="Test"/>
  <Column field="ms" title="Time" unit="ms" presentation="number"/>
</Table>
<Chart kind="bar" rows={@Map($runs, run, {label: run.name, ms: run.ms})} unit="ms"/>
<EntityList>
  <Entry title="checkout" tone="danger">Fails in <File path="src/checkout/cart.ts" line={88}/></Entry>
</EntityList>`,
  },
  Structure: {
    instructions: "Only for a block longer than a screen: <Tabs> for parallel views of one thing, <Sections> for parts opened one at a time. Keep nesting shallow.",
    example: `<Tabs>
  <Tab label="api"><Sections><Section title="Orders" open>A new endpoint.</Section></Sections></Tab>
  <Tab label="web">The checkout uses it.</Tab>
</Tabs>`,
  },
  Content: {
    instructions: "Cite in <Sources> what the answer relies on.",
    example: `<CodeBlock lang="ts">
export const retry = (run: () => Promise<void>) => run().catch(run);
</CodeBlock>
<Diagram>
flowchart LR
  Client --> API --> Database
</Diagram>
<Graph nodes={[{id: "web"}, {id: "api"}]} edges={[{from: "web", to: "api"}]}/>
<Image generated="latest" alt="The request path"/>
<Sources>
  <Source title="MDN: Promise" href="https://developer.mozilla.org/"/>
</Sources>`,
  },
  "Host links": {
    instructions: "The host checks each target and shows plain text for one it cannot open, so name only what you have seen.",
    example: `<Summary>The crash is in <File path="src/server/session.ts" line={42}/> since <Commit sha="3e4f5a6"/>.</Summary>
<Diff path="src/server/session.ts" base="main" head="fix"/>
<Node ref="service:auth"/>`,
  },
  "Local inputs": {
    instructions: [
      "Every input should change something visible or be sent with a Choice; otherwise leave it out.",
    ].join(" "),
    example: `$failedOnly = false
$limit = 5
$period = "week"
$signed = false
$note = ""
$budget = 800
$tests = [{name: "login", failed: false}, {name: "checkout", failed: true}]
$fixed = []
<Switch label="Failed only" value={$failedOnly}/>
<Slider label="At most" min={1} max={20} value={$limit}/>
<NumberField label="Budget" value={$budget} min={0} unit="ms"/>
<Segmented label="Period" value={$period}>
  <Option value="day" label="Day"/>
  <Option value="week" label="Week"/>
</Segmented>
<Each items={@Take(@Filter($tests, test, !$failedOnly || test.failed), $limit)} as="test">
  <Tag tone={test.failed ? "danger" : "success"}>{test.name}</Tag>
</Each>
<Checklist>
  <Item label="Changelog written" checked={$signed}/>
</Checklist>
<Checklist title="Fixed" items={@Map($tests, test, test.name)} value={$fixed}/>
<Summary>{@Count($fixed)} of {@Count($tests)} fixed</Summary>
<Show when={$signed}>
  <TextField label="Release note" value={$note}/>
</Show>`,
  },
  Choices: {
    instructions: "End a block with <Choices> when the next step is one of a few, each with a context saying exactly what to do.",
    example: `$dryRun = true
<Switch label="Dry run" value={$dryRun}/>
<Choices>
  <Choice id="deploy" label="Deploy" context={$dryRun ? "Deploy main as a dry run" : "Deploy main"}/>
</Choices>`,
  },
};

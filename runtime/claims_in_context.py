"""The claims a governed write adds, or drops, by reading an observation's claims against
what memory holds when it was said.

The extractor reads one message alone. Some of what a message says only follows from
beliefs memory already has: "My sister moved to Berlin" is about the one sister memory knows
by name, "I left Acme" ends the job memory holds, "We split up" ends the marriage held then,
"I'm pescatarian now" the vegetarian diet. :meth:`ClaimsInContext._in_context` applies each
of those readings in turn; each is journaled with the extractor's claims, so a rebuild folds
what was written and never reads the message again.
"""

from __future__ import annotations

from datetime import datetime

from nousmem.policies.agent_actions import agent_actions, as_users
from nousmem.policies.agent_echoes import agent_echo
from nousmem.policies.answered_questions import answered, answered_claims
from nousmem.policies.cancelled_events import cancelled_events, moved_events
from nousmem.policies.cured_conditions import cured_conditions
from nousmem.policies.dropped_tools import dropped_tools
from nousmem.policies.ended_activities import finished_activities, skipped_events
from nousmem.policies.ended_goals import ended_goals
from nousmem.policies.ended_marriage import ended_spouses
from nousmem.policies.exclusive_values import exclusive_denials
from nousmem.policies.extract import RuleExtractor
from nousmem.policies.gone_things import gone_things
from nousmem.policies.graduated import graduated_students
from nousmem.policies.healed_injuries import healed_injuries
from nousmem.policies.hired_people import hired_by_people
from nousmem.policies.instead_values import instead_values
from nousmem.policies.instruction_kinds import (
    banned_instructions,
    resized_instructions,
    superseded_instructions,
)
from nousmem.policies.instructions import INSTRUCTION
from nousmem.policies.left_jobs import ATTRIBUTE as EMPLOYER
from nousmem.policies.left_jobs import HeldAndSaid, left_jobs
from nousmem.policies.left_roles import left_roles
from nousmem.policies.meant_values import meant_values
from nousmem.policies.plans import fulfilled_plans, plans_in_context
from nousmem.policies.pronoun_subject import PERSON_ATTRIBUTES
from nousmem.policies.quit_teams import quit_teams
from nousmem.policies.remarriage import wedded_statuses
from nousmem.policies.replaced_likes import replaced_likes
from nousmem.policies.replaced_tools import replaced_tools
from nousmem.policies.resumed_foods import resumed_foods
from nousmem.policies.short_names import denied_by_name
from nousmem.policies.switched_back import switched_back
from nousmem.policies.switched_employers import switched_employers
from nousmem.policies.versions import replaced_versions
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.core import RuntimeCore
from nousmem.runtime.kin_claims import kin_claims, relative_of, titled_kin
from nousmem.runtime.own_corrections import mistaken_list_values, own_corrections
from nousmem.runtime.providers.fallback import ExtractionResult
from nousmem.runtime.renamed import renamed_values

__all__ = ["ClaimsInContext"]


_RULES = RuleExtractor()


class ClaimsInContext(RuntimeCore):
    """Reads an observation's claims against the namespace's beliefs (mixed into the
    write planner)."""

    def _in_context(
        self, obs: Observation, extraction: ExtractionResult, occurred: datetime
    ) -> list[Claim]:
        """``extraction``'s claims of ``obs`` (said at ``occurred``) as memory reads them
        in context, in claim order: what they imply of held beliefs follows them."""
        # "Noted that Sam works at Initech" from an agent repeats what it was told: no
        # second source of it.
        if agent_echo(obs.source, obs.content):
            return []
        # An instruction's implied withdrawal ("Use emojis" withdraws "never use emojis")
        # only when that was ever given: else it would stand as a denied instruction.
        claims = [c for c in extraction.claims if not self._idle_withdrawal(c)]
        # "I quit my job at Northwestern" ends "Northwestern Memorial", the job held.
        claims = denied_by_name(claims, occurred, self._held, self._single)
        if extraction.extractor == RuleExtractor.name:
            # "I switched to Globex" after a record that Globex employs the speaker: a job.
            claims = switched_employers(claims, self._ever_said)
            # "Mom's birthday is June 3": of the speaker's mother.
            claims = titled_kin(obs, claims, self._proj.beliefs, self._proj.docs)
            # "My sister moved to Berlin": of the one sister memory knows by name.
            claims += kin_claims(obs, claims, self._proj.beliefs, self._proj.docs)
            # "Tom hired me" after "Tom is my manager": no employer Tom.
            claims = hired_by_people(
                claims, obs.content, lambda v: self._a_person_of(obs.actor, v, occurred)
            )
            # "I left Acme": the employer memory holds.
            claims += left_jobs(
                claims, obs.content, obs.actor, occurred, lambda e, a: self._values(e, EMPLOYER, a)
            )
            # "Luna passed away", "I sold my Civic": the pet or the car memory holds.
            claims += gone_things(claims, obs.content, obs.actor, occurred, self._held)
            # "We got rid of Jenkins": the tool memory holds.
            claims += dropped_tools(claims, obs.content, obs.actor, occurred, self._held)
            # "I graduated last week": the student role memory holds; "I'm no longer
            # teaching": the teacher.
            claims += graduated_students(claims, obs.content, obs.actor, occurred, self._held)
            claims += left_roles(claims, obs.content, obs.actor, occurred, self._held)
            # "I'm eating meat again": the vegetarian diet memory holds.
            claims += resumed_foods(claims, obs.content, obs.actor, occurred, self._held)
            # "My arm has healed": the broken arm memory holds; "I'm in remission": the
            # breast cancer ("My mom's hip has healed": of the mother memory knows).
            relative = relative_of(self._proj.beliefs, self._proj.docs, obs.actor)
            for reading in (healed_injuries, cured_conditions):
                claims += reading(claims, obs.content, obs.actor, occurred, self._held, relative)
            # "Sorry, I meant Cambridge, not Boston": the home memory holds, corrected.
            claims += meant_values(
                claims, obs.content, obs.actor, lambda e: self._holding(e, occurred)
            )
            # "Actually, his name is Max": the dog the speaker just named Rex.
            claims += renamed_values(obs, claims, self._proj)
            # An agent's "I booked you a table at Nopa for Friday": the user's, whom it
            # addresses (the actor of the user's latest words).
            claims += agent_actions(obs.source, obs.content, self._proj.last_user, occurred)
            # "Yes." to an agent's "You live in Oslo, right?": the user's "I live in Oslo".
            claims += self._answered(obs)
        # "I'm not moving to Berlin anymore" calls off the move memory holds as a plan; "I
        # won't move to Berlin" out of the blue calls off nothing.
        claims = plans_in_context(claims, occurred, self._held)
        # "I started at Google today" ends the plan to work there memory holds.
        claims += fulfilled_plans(claims, occurred, self._held, self._ever_said)
        if extraction.extractor == RuleExtractor.name:
            # "I gave up on Spanish", "I ran my first marathon": the goal memory holds, in
            # other words than the goal's own.
            claims += ended_goals(
                claims,
                obs.content,
                obs.actor,
                occurred,
                self._held,
                self._held_now,
                self._ever_said,
            )
            # "My dentist appointment got cancelled": the event memory holds.
            claims += cancelled_events(claims, obs.content, obs.actor, occurred, self._held)
            # "I decided to skip Berlin": the one-off event memory holds, given up.
            claims += skipped_events(claims, obs.content, obs.actor, occurred, self._held)
            # "I finished Dune": the reading under way memory holds, done.
            claims = finished_activities(claims, obs.content, obs.actor, occurred, self._held)
            # "Leo quit soccer": the soccer team memory holds.
            claims += quit_teams(claims, occurred, self._held)
            # "We're going to Lisbon instead": the trip to Rome memory holds, replaced.
            claims += instead_values(claims, obs.content, occurred, self._held)
            # "The meeting with Ana was moved to Monday": told again, at the new time.
            claims += moved_events(claims, obs.content, obs.actor, occurred, self._held)
            # An agent's "I cancelled your dentist appointment": the user's, so said.
            users = self._proj.last_user
            if users is not None and (mine := as_users(obs.source, obs.content)) is not None:
                claims += cancelled_events([], mine, users, occurred, self._held)
                claims += moved_events([], mine, users, occurred, self._held)
        # "We split up" ends the marriage memory holds at the time it happened, if that one
        # still holds; "I married Jake" after it makes the status married again.
        claims = ended_spouses(claims, occurred, lambda e, at: self._held(e, "spouse", at))
        claims += wedded_statuses(
            claims, obs.content, occurred, lambda e, at: self._held(e, "relationship_status", at)
        )
        # "I'm pescatarian now" ends the vegetarian diet memory holds.
        claims += exclusive_denials(claims, occurred, self._exclusive_groups, self._held)
        # "We upgraded to Python 3.12" ends Python 3.8.
        claims += replaced_versions(claims, occurred, self._held)
        # "We switched to Linear" ends Jira, the issue tracker held.
        claims += replaced_tools(claims, obs.content, occurred, self._held)
        # "Actually I prefer aisle seats now" ends window seats, the seats liked.
        claims += replaced_likes(claims, obs.content, occurred, self._held)
        # "We moved back to GitHub Actions" ends Buildkite, which replaced it.
        claims += switched_back(
            claims, obs.content, occurred, self._held, self._proj.beliefs.revisions
        )
        # "Write examples in Rust from now on" ends "Always write code examples in Go".
        claims += superseded_instructions(claims, occurred, self._instructions, INSTRUCTION)
        # "Never use tabs" ends "Use tabs for indentation"; "Give me detailed answers" ends
        # "Keep answers short".
        claims += banned_instructions(claims, occurred, self._instructions, INSTRUCTION)
        claims += resized_instructions(claims, occurred, self._instructions, INSTRUCTION)
        # "Sorry, I meant I use PyCharm" replaces the "VS Code" the speaker just listed.
        claims += mistaken_list_values(claims, obs, occurred, self._proj)
        # "Actually no, I still live in Porto" takes back only the speaker's own "I moved
        # to Lisbon": said against Bob's word, it is a dispute settled back.
        return own_corrections(claims, obs, occurred, self._proj)

    def _answered(self, obs: Observation) -> list[Claim]:
        """The claims of a bare "Yes." / "No." to the agent's question right before it (see
        ``policies/answered_questions.py``), read as the user's own statement is: "So your
        sister lives in Berlin, correct?" is of the sister memory knows."""
        found = answered(obs, self._proj.agent_turn)
        if found is None:
            return []
        stated, yes = found
        said = _RULES.extract_sync(stated)
        said += kin_claims(stated, said, self._proj.beliefs, self._proj.docs)
        return answered_claims(said, yes, obs.content)

    def _idle_withdrawal(self, claim: Claim) -> bool:
        if (claim.attribute, claim.polarity, claim.extractor) != (INSTRUCTION, "negate", "rule"):
            return False
        known = self._ever_said(claim.entity, INSTRUCTION)
        return match_key(claim.value) not in {match_key(v) for v in known}

    def _single(self, attribute: str) -> bool:
        return self._proj.config.attributes.spec(attribute).cardinality == "single"

    def _exclusive_groups(self, attribute: str) -> tuple[tuple[str, ...], ...]:
        return self._proj.config.attributes.spec(attribute).exclusive

    def _held(self, entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return self._proj.beliefs.held(entity, attribute, as_of_time=at)

    def _instructions(self, entity: str, at: datetime) -> tuple[str, ...]:
        """The instructions held of ``entity`` at ``at``."""
        return self._held(entity, INSTRUCTION, at)

    def _held_now(self, entity: str, attribute: str) -> tuple[str, ...]:
        """The values held of (entity, attribute) at present: the live belief, no refold."""
        return self._proj.beliefs.held(entity, attribute)

    def _holding(self, entity: str, at: datetime) -> dict[str, tuple[str, ...]]:
        """The values held of ``entity`` at ``at``, by attribute."""
        beliefs = self._proj.beliefs
        return {a: beliefs.held(entity, a, as_of_time=at) for a in beliefs.dimensions(entity)}

    def _a_person_of(self, entity: str | None, name: str, at: datetime) -> bool:
        """Whether memory holds ``name`` at ``at`` as someone ``entity`` has (a manager, a
        friend, a sister: :data:`~nousmem.policies.pronoun_subject.PERSON_ATTRIBUTES`)."""
        if entity is None:
            return False
        key = match_key(name)
        return any(
            key == match_key(v)
            for a, held in self._holding(entity, at).items()
            if a in PERSON_ATTRIBUTES
            for v in held
        )

    def _ever_said(self, entity: str, attribute: str) -> tuple[str, ...]:
        """Every value memory was told of (entity, attribute): the live belief, no refold."""
        snap = self._proj.beliefs.snapshot(entity, attribute, deltas=False)
        return () if snap is None else tuple(o.value for o in snap.observed_values)

    def _values(self, entity: str, attribute: str, at: datetime) -> HeldAndSaid:
        """The values held at ``at``, and every value said by then."""
        snap = self._proj.beliefs.snapshot(entity, attribute, as_of_time=at, deltas=False)
        if snap is None:
            return (), ()
        return snap.held, tuple(o.value for o in snap.observed_values)

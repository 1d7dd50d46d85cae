"""Rules for what someone drives: ``vehicle`` (multi-valued: a household may have two cars),
by make and model as said ("Tesla Model 3", "Honda Civic").

"I drive a Tesla", "I drive an old Honda Civic", "My car is a Subaru Outback", "I just
bought a Toyota Prius", "We leased a new Kia"; "I sold my Honda Civic" and "I no longer
drive a Tesla" deny it. Driving takes any name after an article or "my" ("I drive a
Rivian"); owning, buying and selling take a known make only ("I bought a Kindle" is no
car). Not a ride-hailing job ("I drive an Uber", "I drive for Lyft"), nor someone driven
("I drive Tom to school": no article), nor a year alone ("a 2015 Honda Civic" is "Honda
Civic").

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for
what each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import POSS, Rule, make_rule

__all__ = ["VEHICLE_RULES"]

#: Car makes a bought, owned or sold thing is read as a vehicle by.
_MAKES = (
    r"(?:Tesla|Toyota|Honda|Ford|Subaru|BMW|Audi|Mercedes(?:-Benz)?|Volkswagen|VW|Nissan"
    r"|Hyundai|Kia|Mazda|Chevy|Chevrolet|Jeep|Volvo|Porsche|Lexus|Rivian|Polestar|Fiat"
    r"|Peugeot|Renault|Skoda|Dodge|GMC|Cadillac|Buick|Mini|Jaguar|Land\s+Rover|Range\s+Rover"
    r"|Mitsubishi|Acura|Infiniti|Genesis|Lucid|Citroen|Citroën|Seat|Alfa\s+Romeo|Saab)"
)
# A model after the make: capitalised words or ones with a digit ("Model 3", "F-150",
# "CR-V", "Outback"), up to three.
_MODEL = rf"(?:\s+(?:[{UPPER}0-9][{LETTER}0-9-]*))" + "{0,3}"
# Words before a make that say nothing of which car: "a new", "an old red", "a 2015".
_BEFORE = (
    r"(?:(?i:new|used|old|little|second-hand|secondhand|electric|red|blue|black|white"
    r"|silver|grey|gray|green|brand\s+new)\s+)*(?:(?:19|20)\d\d\s+)?"
)
_CAR_END = (
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|these\s+days|since|for|to|every|last|this"
    r"|in|because|so|which|that)\b)"
)
# Ride-hailing and delivery: a job, not a car ("I drive an Uber", "I drive a Lyft").
_NOT_A_CAR = r"(?!(?:Uber|Lyft|Bolt|DoorDash|Grubhub|Instacart|Amazon|UPS|FedEx)\b)"
_ANY_NAME = rf"[{UPPER}][{LETTER}0-9-]*"
# The car as said, to where the clause goes on: any name driven, a known make otherwise.
_ANY_CAR = rf"(?P<val>{_ANY_NAME}{_MODEL}){_CAR_END}"
_MADE_CAR = rf"(?P<val>{_MAKES}{_MODEL}){_CAR_END}"

VEHICLE_RULES: tuple[Rule, ...] = (
    # "I drive a Tesla", "I drive an old Honda Civic", "Ana drives my Subaru".
    make_rule(
        "vehicle",
        "drive drives driving",
        r"\b(?i:drive|drives|driving)\s+(?i:a|an|my|our)\s+" + _BEFORE + _NOT_A_CAR + _ANY_CAR,
        value="raw",
    ),
    # "My car is a Subaru Outback", "Our new car is a Kia".
    make_rule(
        "vehicle",
        "car",
        POSS
        + r"\s+(?:(?i:new|current)\s+)?(?i:car|ride|vehicle|truck|suv)\s+(?i:is)\s+"
        + r"(?:(?i:now|still)\s+)?(?i:a|an)\s+"
        + _BEFORE
        + _ANY_CAR,
        value="raw",
        subject="poss",
        stated=True,
    ),
    # "I just bought a Toyota Prius", "We leased a new Kia", "I own a Ford F-150".
    make_rule(
        "vehicle",
        "bought buy buying own owns leased lease leasing got",
        r"\b(?i:bought|own|owns|leased|got)\s+(?:(?i:myself|ourselves)\s+)?(?i:a|an)\s+"
        + _BEFORE
        + _MADE_CAR,
        value="raw",
        change=True,
        elide="past",
    ),
    # "I sold my Honda Civic", "We traded in our Subaru": no longer had.
    make_rule(
        "vehicle",
        "sold sell selling traded",
        r"\b(?i:sold|traded\s+in)\s+(?i:my|our)\s+(?:(?i:old)\s+)?" + _MADE_CAR,
        value="raw",
        negate=True,
        change=True,
        elide="past",
    ),
)

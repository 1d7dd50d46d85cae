"""Names that are places whatever verb comes before them: countries, US states, Canadian
provinces and well-known cities, in their everyday English spelling.

A capital letter says a word is a name, not what it names: "I went to Japan" is a trip and
"I went to Target" an errand, and only a list tells the two apart. The list is for rules
where the verb alone does not say "place" ("went to", "spent a week in"); rules whose verb
does ("visited", "traveled to", "moved to") take any name. It is not exhaustive: a town it
lacks is read as before (an activity), never as a wrong place.

Written out rather than taken from a package: ISO 3166 data (pycountry) spells countries
officially ("Korea, Republic of", "Viet Nam", "Russian Federation") and holds no cities,
while people write "South Korea", "Vietnam", "Russia" and "Paris". Names more often a
person's or a thing's than a place's in chat ("Chad", "Jersey", "Victoria", "Phoenix") are
left out; "Georgia" stays, a trip whichever Georgia it is.
"""

from __future__ import annotations

import re

__all__ = ["PLACE_NAME", "PLACE_NAMES"]

_COUNTRIES = """
Afghanistan|Albania|Algeria|Andorra|Angola|Argentina|Armenia|Australia|Austria|Azerbaijan
Bahamas|Bahrain|Bangladesh|Barbados|Belarus|Belgium|Belize|Benin|Bhutan|Bolivia
Bosnia|Bosnia and Herzegovina|Botswana|Brazil|Brunei|Bulgaria|Burkina Faso|Burundi
Cambodia|Cameroon|Canada|Cape Verde|Chile|China|Colombia|Costa Rica|Croatia|Cuba|Cyprus
Czechia|Czech Republic|Denmark|Djibouti|Dominica|Dominican Republic|Ecuador|Egypt
El Salvador|England|Eritrea|Estonia|Eswatini|Ethiopia|Fiji|Finland|France|Gabon|Gambia
Georgia|Germany|Ghana|Greece|Greenland|Grenada|Guatemala|Guinea|Guyana|Haiti|Honduras
Hong Kong|Hungary|Iceland|India|Indonesia|Iran|Iraq|Ireland|Israel|Italy|Ivory Coast
Jamaica|Japan|Jordan|Kazakhstan|Kenya|Korea|Kosovo|Kuwait|Kyrgyzstan|Laos|Latvia|Lebanon
Lesotho|Liberia|Libya|Liechtenstein|Lithuania|Luxembourg|Macau|Madagascar|Malawi
Malaysia|Maldives|Mali|Malta|Mauritania|Mauritius|Mexico|Moldova|Monaco|Mongolia
Montenegro|Morocco|Mozambique|Myanmar|Namibia|Nepal|Netherlands|New Zealand|Nicaragua
Niger|Nigeria|North Korea|North Macedonia|Northern Ireland|Norway|Oman|Pakistan|Palestine
Panama|Papua New Guinea|Paraguay|Peru|Philippines|Poland|Portugal|Puerto Rico|Qatar
Romania|Russia|Rwanda|Samoa|San Marino|Saudi Arabia|Scotland|Senegal|Serbia|Seychelles
Sierra Leone|Singapore|Slovakia|Slovenia|Somalia|South Africa|South Korea|South Sudan
Spain|Sri Lanka|Sudan|Suriname|Sweden|Switzerland|Syria|Taiwan|Tajikistan|Tanzania
Thailand|the Bahamas|the Czech Republic|the Dominican Republic|the Maldives
the Netherlands|the Philippines|the UAE|the UK|the US|the USA|the United Kingdom
the United States|Tibet|Togo|Tonga|Trinidad|Tunisia|Turkey|Turkmenistan|Uganda|Ukraine
Uruguay|Uzbekistan|Vanuatu|Venezuela|Vietnam|Wales|Yemen|Zambia|Zimbabwe
Africa|Antarctica|Asia|Europe|North America|South America|Central America|Scandinavia
the Caribbean|the Middle East|Southeast Asia|the Balkans|Patagonia|Bali|Sicily|Sardinia
Corsica|Crete|Santorini|Mykonos|Ibiza|Mallorca|Majorca|Tenerife|the Canary Islands
Hawaii|Maui|Tahiti|Borneo|Java|Sumatra|Phuket|Okinawa|Hokkaido|Tasmania
"""

_US_STATES_AND_PROVINCES = """
Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Idaho
Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan
Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey
New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania
Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia
Washington|West Virginia|Wisconsin|Wyoming|Alberta|British Columbia|Manitoba
New Brunswick|Newfoundland|Nova Scotia|Ontario|Quebec|Saskatchewan|Yukon
"""

_CITIES = """
Amsterdam|Athens|Atlanta|Auckland|Austin|Baltimore|Bangkok|Barcelona|Beijing|Beirut
Belfast|Belgrade|Berlin|Bern|Bogota|Bordeaux|Boston|Brisbane|Bristol|Brussels|Bucharest
Budapest|Buenos Aires|Cairo|Calgary|Cancun|Cape Town|Casablanca|Chicago|Copenhagen
Dallas|Delhi|Denver|Detroit|Dubai|Dublin|Dubrovnik|Edinburgh|Florence|Frankfurt|Geneva
Glasgow|Guadalajara|Hamburg|Hanoi|Havana|Helsinki|Ho Chi Minh City|Honolulu|Houston
Istanbul|Jakarta|Jerusalem|Johannesburg|Kathmandu|Kyoto|Lagos|Las Vegas|Lima|Lisbon
Liverpool|London|Los Angeles|Lyon|Madrid|Manchester|Manila|Marrakech|Marseille
Melbourne|Mexico City|Miami|Milan|Minneapolis|Montreal|Moscow|Mumbai|Munich|Nairobi
Naples|Nashville|New Orleans|New York City|Nice|Orlando|Osaka|Oslo|Ottawa|Oxford|Paris
Philadelphia|Pittsburgh|Portland|Porto|Prague|Reykjavik|Rio|Rio de Janeiro|Rome
San Diego|San Francisco|Santiago|Sao Paulo|Seattle|Seoul|Seville|Shanghai|Stockholm
Sydney|Taipei|Tel Aviv|Tokyo|Toronto|Tulum|Vancouver|Venice|Vienna|Warsaw
Washington DC|Washington D.C.|Zurich|Krakow|Valencia|Salzburg|Cambridge|Brooklyn
Manhattan|Yosemite|Yellowstone|the Grand Canyon|the Alps|the Rockies|the Andes
the Himalayas|the Amazon|the Sahara|Machu Picchu|the Outer Banks|Cape Cod|Napa
Napa Valley|Big Sur|Lake Tahoe|Banff|Disneyland|Disney World
"""


def _names(*blocks: str) -> tuple[str, ...]:
    seen = dict.fromkeys(n.strip() for b in blocks for n in b.replace("\n", "|").split("|"))
    return tuple(n for n in seen if n)


PLACE_NAMES: frozenset[str] = frozenset(_names(_COUNTRIES, _US_STATES_AND_PROVINCES, _CITIES))
"""Every name of the list, as written (with "the" where a name takes it)."""

# Longest first, so that "New York City" wins over "New York"; spaces match any run of
# whitespace, and "the" either case at a sentence's start.
_ALTERNATION = "|".join(
    re.escape(n).replace(r"\ ", r"\s+").replace("the", "[Tt]he", 1)
    if n.startswith("the ")
    else re.escape(n).replace(r"\ ", r"\s+")
    for n in sorted(PLACE_NAMES, key=len, reverse=True)
)

PLACE_NAME = rf"(?:{_ALTERNATION})(?![\w'\u2019-])"
"""A listed place name, as a regex piece (case-sensitive; no group): not part of a longer
word, nor someone's ("Jordan's"), nor hyphenated ("Paris-based")."""

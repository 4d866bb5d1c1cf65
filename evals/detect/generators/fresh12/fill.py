"""Filler prose for ``generate.py``: formal public-sector and academic sentences from slots.

Sentences are built from templates whose ``<slot>`` markers are drawn independently, so two documents
rarely share a run of eight words even when they use the same template.
"""

from __future__ import annotations

import random
import re

SLOTS: dict[str, list[str]] = {
    "body": [
        "the Planning Committee",
        "the Finance and Audit Subcommittee",
        "the Research Ethics Board",
        "the Faculty Board",
        "the Transport Directorate",
        "the Office of the City Clerk",
        "the Graduate School",
        "the Housing Department",
        "the Library Services Unit",
        "the Programme Committee",
        "the Environmental Health Team",
        "the Senate",
        "the Data Governance Group",
        "the Procurement Office",
        "the Parks and Open Spaces Service",
        "the Funding Panel",
    ],
    "doc": [
        "the Local Development Plan 2021-2036",
        "the Freedom of Information Act 2000",
        "Regulation (EU) 2016/679",
        "the Public Contracts Regulations 2015",
        "the Academic Regulations (2024 edition)",
        "the Code of Practice on Research Integrity",
        "Standing Order 14",
        "the Records Management Policy v3.2",
        "the Open Access Policy",
        "Annex II of the call text",
        "the Equality Act 2010",
        "the Highways Maintenance Manual",
        "the Student Conduct Code",
        "the Data Management Plan template",
    ],
    "topic": [
        "the resurfacing of Mill Lane",
        "the extension to the Northfield library",
        "the residents' parking scheme",
        "flood resilience in the lower town",
        "the digitisation of council archives",
        "doctoral supervision capacity",
        "air quality near primary schools",
        "the renewal of the cleaning contract",
        "open data publication",
        "student mental health provision",
        "the heritage conservation area",
        "night-time noise on Quay Street",
        "the carbon reduction target",
        "tenancy support for older residents",
        "the replacement of street lighting",
        "interdisciplinary research centres",
        "the allotment waiting list",
        "cycle storage at the railway station",
    ],
    "verb": [
        "noted",
        "considered",
        "reviewed",
        "welcomed",
        "questioned",
        "endorsed",
        "deferred",
        "examined",
        "discussed",
        "acknowledged",
        "summarised",
        "raised concerns about",
    ],
    "sec": ["2.1", "3.4", "4.2", "5.1.3", "6.2", "7", "2.3.1", "8.5"],
    "num": ["two", "three", "four", "six", "eight", "ten", "twelve", "fifteen", "twenty", "thirty"],
    "pct": ["4%", "7.5%", "12%", "18%", "23%", "31%", "40%", "56%", "62%", "71%"],
    "year": ["2019", "2020", "2021", "2022", "2023", "2024", "2025"],
    "month": ["January", "February", "March", "April", "May", "June", "September", "October", "November", "December"],
    "person": [
        "Cllr Baptiste",
        "Dr Whitcombe",
        "Prof. Sandoval",
        "Ms Adeyemi",
        "Mr Kowalczyk",
        "the Deputy Registrar",
        "Dr Rautio",
        "Cllr O'Sullivan",
        "the Head of Legal Services",
        "Prof. Tanaka-Reid",
        "Ms Haddad",
        "the Chief Executive",
    ],
    "place": [
        "Eastbrook ward",
        "the Old Market",
        "Riverside campus",
        "Harrow Road",
        "the science park",
        "St Anne's estate",
        "the civic centre",
        "Kingsmead",
        "the harbour district",
        "Upper Fenwick",
        "the medical school",
        "Ashby Green",
    ],
    "group": [
        "residents",
        "doctoral candidates",
        "local businesses",
        "undergraduate students",
        "tenants",
        "early-career researchers",
        "community groups",
        "disabled residents",
        "part-time staff",
        "school governors",
        "library users",
        "cyclists",
    ],
    "adj": [
        "substantial",
        "modest",
        "significant",
        "limited",
        "considerable",
        "uneven",
        "measurable",
        "sustained",
        "marked",
    ],
    "cite": [
        "(Smith et al., 2019)",
        "[12]",
        "(Okonkwo & Lee, 2021)",
        "[3, 7]",
        "(OECD, 2022)",
        "(Council report CR/22/114)",
        "(see Appendix B)",
        "[21]",
        "(Ferreira, 2020, p. 44)",
        "(Table 3)",
        "(ibid.)",
        "[5-9]",
    ],
}

TEMPLATES = [
    "<body> <verb> the report on <topic> and asked officers to return with costed options by <month> <year>.",
    "Under <doc>, <group> must be consulted before any change affecting <topic> is adopted.",
    "Paragraph <num> of <doc> sets out the criteria against which proposals concerning <topic> are assessed.",
    "Between <year> and <year>, participation among <group> in <place> rose by <pct> <cite>.",
    "<person> <verb> the officers' analysis of <topic>, observing that the evidence base remains <adj>.",
    "The survey of <num> hundred <group> found a <adj> preference for option B over the status quo <cite>.",
    "A <adj> share of the budget, roughly <pct>, is allocated to <topic> in the current financial year.",
    "Objections were received from <num> <group> in <place>, most of them concerning <topic>.",
    "The literature on <topic> is <adj> but fragmented <cite>, and few studies address <group> directly.",
    "<body> agreed that a further update on <topic> would be presented in <month>.",
    "Consistent with <doc>, personal data collected for this purpose will be retained for <num> years.",
    "The methodology combines <num> semi-structured interviews with <group> and a review of records held by <body>.",
    "Officers confirmed that the works in <place> would be phased over <num> months to limit disruption to <group>.",
    "As reported in <month> <year>, the pilot in <place> reduced waiting times by <pct> <cite>.",
    "<person> declared a non-pecuniary interest as a member of a society active in <place>.",
    "The applicant states that the proposal complies with <doc> and with the design guidance for <place>.",
    "The expected outcomes include improved understanding of <topic> and practical guidance for <body>.",
    "No evidence was presented that <topic> would have a <adj> effect on <group> living in <place>.",
    "Responses are summarised in Annex <num>; a full list is available from <body> on request.",
    "The risk register identifies <topic> as a medium risk, with mitigation owned by <body>.",
    "Figures for <year> indicate a <adj> increase of <pct> in requests concerning <topic>.",
    "In the view of <person>, the consultation on <topic> had not reached <group> in <place>.",
    "The previous award (<year>) delivered <num> peer-reviewed outputs on <topic> <cite>.",
    "Section <sec> discusses the limitations of the sample, which under-represents <group>.",
    "It was moved by <person> and seconded that the recommendation on <topic> be approved.",
    "The timetable allows <num> weeks for the statutory notice period required by <doc>.",
    "Learning outcome <num>: students will be able to critically evaluate debates on <topic> <cite>.",
    "Access to the reading room at <place> is by appointment, and <group> may request items in advance.",
    "The dataset covers <num> thousand records collected between <year> and <year> by <body>.",
    "A public meeting on <topic> was held at <place> in <month> and attracted about <num> dozen <group>.",
    "The panel noted that the work plan for <topic> is ambitious but broadly <adj> in scope.",
    "Comparable schemes elsewhere achieved savings of about <pct> <cite>, although contexts differ.",
    "The draft policy on <topic> will be revised in the light of comments from <group> and <body>.",
    "Correspondence on this matter should quote the reference given above and be addressed to <body>.",
    "We acknowledge support from <body> and thank the <group> of <place> who took part.",
    "Following <doc>, an equality impact assessment on <topic> was completed in <month> <year>.",
    "The tender documents for <topic> were published on <num> <month> with a closing date <num> weeks later.",
    "The essay draws on <num> sources, among them <cite>, to argue that <topic> is under-examined.",
    "Catalogue entries for material on <topic> were revised by <body> in <year>.",
    "Feedback from <group> suggests that information about <topic> is hard to find on the website.",
    "<person> thanked officers for the clarity of the report and asked that <group> be kept informed.",
    "Interim findings on <topic> will be shared with <body> before publication <cite>.",
    "The consultation closes on <num> <month>; late responses may be considered at the discretion of <body>.",
    "Budget line <num> covers travel to <place> for fieldwork with <group>.",
]

# Sentences only a given carrier would contain; ``paragraph`` mixes them with the shared ones.
CARRIER_TEMPLATES: dict[str, list[str]] = {
    "petition": [
        "Residents of <place> have raised <topic> with <body> since <year> without a satisfactory answer.",
        "We ask that <body> publish a timetable for <topic> and report progress every <num> months.",
        "Many of us are <group> who depend on safe access to <place>.",
    ],
    "permit_application": [
        "The proposed extension measures <num> metres in depth and stays below the existing ridge height.",
        "Drainage will connect to the existing mains sewer; no new access onto Harrow Road is proposed.",
        "A heritage statement is attached, as the site lies within the conservation area at <place>.",
    ],
    "council_minutes": [
        "Apologies were received from <person>; the minutes of the previous meeting were agreed as a correct record.",
        "On being put to the vote, the motion on <topic> was carried by <num> votes to <num>.",
        "Members asked that the public questions on <topic> be answered in writing within <num> working days.",
    ],
    "foi_correspondence": [
        "We can confirm that <body> holds information falling within the scope of your request about <topic>.",
        "If you are dissatisfied with this response you may request an internal review within 40 working days.",
        "Some information has been withheld because disclosure would prejudice the conduct of public affairs.",
    ],
    "procurement_bid": [
        "The bidder is ISO 9001 and ISO 27001 certified and has delivered <num> comparable contracts since <year>.",
        "Social value commitments include <num> apprenticeships for <group> from <place>.",
        "Prices are fixed for the first <num> months and thereafter indexed to CPI.",
    ],
    "grant_proposal": [
        "Work package <num> will deliver a dataset and an open-source toolkit on <topic>.",
        "The principal investigator has supervised <num> doctoral candidates to completion <cite>.",
        "Requested resources total <num> person-months over a duration of 36 months.",
    ],
    "peer_review": [
        "The manuscript addresses an important question about <topic>, but the sample of <group> is small.",
        "Please report effect sizes and confidence intervals alongside the p-values in Table <num>.",
        "The related-work section omits <cite>, which reaches a different conclusion.",
    ],
    "latex_source": [
        "We estimate a fixed-effects model on <num> thousand observations from <place> \\cite{smith2019}.",
        "As shown in Figure~\\ref{fig:trend}, the effect on <group> is <adj> after <year>.",
        "Robustness checks are reported in Appendix~\\ref{app:robust}.",
    ],
    "lms_submission": [
        "In this essay I argue that <topic> reveals tensions in how <body> balances competing interests.",
        "Critics such as <person> contend that the evidence is <adj> <cite>.",
        "In conclusion, the case of <place> shows why <group> must be heard earlier in the process.",
    ],
    "syllabus_page": [
        "Seminar reading: <cite> and the <body> report on <topic>.",
        "Formative task: a 500-word reflection on <topic>, due before the week <num> seminar.",
        "Office hours are on Tuesdays in room <num>.<num>; please book through the module page.",
    ],
    "library_record": [
        "Physical description: <num> volumes; ill.; 30 cm. Held at <place> store.",
        "Subject headings: <topic>; local government; <group>.",
        "Provenance: transferred from <body> in <year>.",
    ],
    "dataset_readme": [
        "Each row is one request to <body>; columns include date, ward, category and outcome.",
        "Personal data has been removed; free-text fields were redacted before release in <month> <year>.",
        "Please cite the dataset as <body> (<year>) and link to the persistent identifier.",
    ],
    "consultation_response": [
        "As <group> in <place>, we are broadly supportive but worried about <topic>.",
        "We would like the final scheme to include clearer commitments on monitoring and review.",
        "Our members discussed the proposals at a meeting in <month> attended by about <num> people.",
    ],
    "press_release": [
        "'This is a <adj> step for <group> across the city,' said <person>.",
        "The programme, worth <pct> of the annual capital budget, will run until <year>.",
        "Further details, including a map of <place>, are available on the council website.",
    ],
    "policy_white_paper": [
        "This paper sets out options for <topic> and invites comments from <group> and <body>.",
        "Option <num> would require amendments to <doc> and a transition period of <num> months.",
        "International comparisons suggest that outcomes depend strongly on local delivery <cite>.",
    ],
}

_SLOT = re.compile(r"<([a-z]+)>")
# "a" before the one vowel-initial adjective in the pool reads as a typo, so it becomes "an".
_ARTICLE = re.compile(r"\b([Aa]) (uneven)\b")


def sentence(rng: random.Random, carrier: str = "") -> str:
    """One filler sentence: a random template (now and then one of ``carrier``'s own) with every slot drawn."""
    own = CARRIER_TEMPLATES.get(carrier)
    template = rng.choice(own) if own and rng.random() < 0.35 else rng.choice(TEMPLATES)
    text = _SLOT.sub(lambda m: rng.choice(SLOTS[m.group(1)]), template)
    text = _ARTICLE.sub(lambda m: m.group(1) + "n " + m.group(2), text)
    return text[0].upper() + text[1:]


def paragraph(rng: random.Random, carrier: str = "", low: int = 2, high: int = 5) -> str:
    """A paragraph of ``low`` to ``high`` distinct filler sentences."""
    count = rng.randint(low, high)
    seen: list[str] = []
    while len(seen) < count:
        candidate = sentence(rng, carrier)
        if candidate not in seen:
            seen.append(candidate)
    return " ".join(seen)


def pick(rng: random.Random, slot: str) -> str:
    """One value of a named slot (used by carrier headers)."""
    return rng.choice(SLOTS[slot])

"""Filler pools for ``generate.py``: the ordinary page text around a core (author 9).

Sentences are templates with slots so that two documents of one carrier rarely share long runs of words.
"""

from __future__ import annotations

import random

ITEMS = [
    "wireless earbuds",
    "air fryer",
    "trail running shoes",
    "standing desk",
    "espresso grinder",
    "phone case",
    "carry-on suitcase",
    "robot vacuum",
    "mechanical keyboard",
    "baby monitor",
    "yoga mat",
    "electric kettle",
    "smart thermostat",
    "camping stove",
    "cordless drill",
    "rain jacket",
    "e-reader",
    "blender",
    "office chair",
    "dash cam",
    "hair dryer",
    "water filter pitcher",
    "portable charger",
    "desk lamp",
    "kids' scooter",
    "cast-iron skillet",
    "bike helmet",
    "noise-cancelling headphones",
    "pet camera",
    "mattress",
]
BRANDS = [
    "Nordvik",
    "Kestrel Home",
    "Brightloom",
    "Aurelio",
    "Tandem Labs",
    "Piccolo",
    "Solent",
    "Marlow & Finch",
    "Oakhurst",
    "Vireo",
    "Hanami",
    "Castellan",
    "Lumo",
    "Quillon",
    "Drayton",
    "Sakura Denki",
    "Redfern",
]
ASPECTS = [
    "battery life",
    "build quality",
    "the fit",
    "the stitching",
    "noise level",
    "the app",
    "setup",
    "the packaging",
    "customer service",
    "the price",
    "the instructions",
    "the colour",
    "the weight",
    "heat-up time",
    "the warranty",
    "the charging cable",
    "the zipper",
    "cleaning",
    "the smell out of the box",
]
OPINIONS = [
    "is better than I expected",
    "is fine for the price",
    "is honestly disappointing",
    "could be better",
    "surprised me",
    "is exactly as described",
    "is the weak point",
    "is great once you get used to it",
    "took some getting used to",
    "was the reason I bought it",
    "is average at best",
    "beats my old one",
]
DETAILS = [
    "after {n} weeks of daily use",
    "for a {n}-person household",
    "on a {n}-hour flight",
    "in a small flat",
    "with two kids and a dog",
    "compared to the model I returned",
    "after the last firmware update",
    "in winter",
    "at this price point",
    "for someone with big hands",
    "on uneven floors",
    "for commuting",
]
ENDINGS = [
    "Would buy again.",
    "Returning it.",
    "Four stars because of shipping.",
    "Gave it to my brother.",
    "Not sure yet.",
    "Recommended.",
    "Meh.",
    "Will update in a month.",
    "Solid.",
    "Do your research first.",
    "Arrived a day late.",
    "Came with a spare part.",
    "",
]
FIRST = [
    "ana",
    "ben",
    "chloe",
    "dmitri",
    "elif",
    "farah",
    "gus",
    "hiro",
    "ines",
    "jonas",
    "keiko",
    "liam",
    "mara",
    "noor",
    "otto",
    "pia",
    "quentin",
    "rosa",
    "sami",
    "tova",
    "ugo",
    "vera",
    "wes",
    "xin",
    "yara",
    "zeb",
]
LAST = ["_k", "lee", "dev", "87", "runs", "cooks", "_uk", "pdx", "travels", "nerd", "mtl", "2k", "_bcn", "san"]
CITIES = [
    "Lisbon",
    "Kyoto",
    "Valencia",
    "Porto",
    "Bologna",
    "Osaka",
    "Chengdu",
    "Seville",
    "Naples",
    "Edinburgh",
    "Oaxaca",
    "Ljubljana",
    "Hanoi",
    "Tallinn",
    "Cusco",
    "Bergen",
    "Marrakesh",
    "Taipei",
]
FORUM_SENTS = [
    "Same issue here since the {n}.{m} update.",
    "Did you try clearing the cache first?",
    "This worked for me on the {brand} model, not sure about yours.",
    "Following, I have the same problem.",
    "Honestly I just returned mine.",
    "Can confirm, support told me the same thing.",
    "Which region are you in? The EU version is different.",
    "Updating in case anyone finds this later: fixed.",
    "Bumping because it's still broken in {year}.",
    "The official answer on page {n} of the other thread helps.",
    "Lol the {item} subreddit is going to love this.",
    "Nah, that's a hardware fault, get it replaced.",
    "I had this with my {item} too, it went away after a week.",
    "Anyone know if the warranty covers it?",
    "Pics or it didn't happen.",
    "Took me {n} tries but it works now.",
    "Not the same thing, but related:",
    "The real fix is in the settings menu, under Advanced.",
    "Mine came with a newer revision, no problems.",
]
NEWS_SENTS = [
    "Officials in {city} said the measure would take effect in {month}.",
    "The company reported revenue of {n}.{m} billion for the quarter.",
    "Critics argue the change will hit smaller sellers hardest.",
    "Local businesses say bookings are up {n} percent compared with last year.",
    "The council will vote on the proposal next week.",
    "A spokesperson declined to comment on the figures.",
    "Independent analysts expect prices to stay flat until {month}.",
    "The report was based on a survey of {n}00 households.",
    "Residents of {city} have complained about noise for years.",
    "The decision follows a consultation that ran for {n} weeks.",
]
TRAVEL_SENTS = [
    "The room faces a quiet courtyard and gets morning sun.",
    "Breakfast is served from 7:00 to {n}:30.",
    "The old town is a {n}-minute walk away.",
    "There is no lift, and the stairs are steep.",
    "Free Wi-Fi in all rooms; the signal is weakest on the top floor.",
    "Parking costs extra and must be booked.",
    "Staff speak English, Spanish and a little Japanese.",
    "The rooftop bar closes at midnight.",
    "Airport transfers are available on request.",
    "Rooms were renovated in {year}.",
    "Guests love the location and the quiet at night.",
    "Some guests found the beds too firm.",
]
RECIPE_STEPS = [
    "Preheat the oven to 1{n}0°C.",
    "Finely chop the onion and the garlic.",
    "Whisk the eggs with a pinch of salt.",
    "Toast the spices in a dry pan for {n} minutes.",
    "Fold in the flour until just combined.",
    "Season to taste and set aside.",
    "Bring a large pot of salted water to the boil.",
    "Drain, reserving a cup of the cooking water.",
    "Let it cool for {n}0 minutes before slicing.",
    "Brush the top with melted butter.",
    "Add the stock a ladle at a time, stirring.",
    "Squeeze over the lime and scatter the coriander.",
]
WIKI_SENTS = [
    "The term was first recorded in {year}.",
    "It is distinct from, but often confused with, related concepts.",
    "Several variants exist, the most common of which is described below.",
    "According to a {year} survey, usage is highest in urban areas.",
    "The standard was revised in {year} to address interoperability issues.",
    "Historians disagree about its origin.",
    "See also the list of related topics at the end of this article.",
    "The first commercial implementation appeared in {city}.",
    "Critics have pointed to several limitations.",
]
GENERIC_SENTS = [
    "Prices include VAT where applicable.",
    "Free returns within {n}0 days.",
    "Last updated {month} {n}, {year}.",
    "Ships from and sold by {brand}.",
    "Rated {n}.{m} out of 5 by verified buyers.",
    "Only {n} left in stock.",
    "Sign in for faster checkout.",
    "Questions? Our team replies within {n} hours.",
    "Compare with similar items below.",
    "Delivery to {city} usually takes {n} days.",
    "{n}{m} people found this helpful.",
    "Sponsored",
    "Customers also viewed",
    "Back to top",
]
FAQ_ANSWERS = [
    "Orders leave our warehouse within {n} working days; you get a tracking link by email.",
    "Returns are free within {n}0 days. Print the label from your account and drop the parcel at any post office.",
    "We ship to {n}0 countries. Duties are shown at checkout, so there are no surprises on delivery.",
    "Yes, orders over €{n}00 can be split into three payments at no extra cost.",
    "Refunds reach your bank {n} to 1{m} days after we receive the item.",
    "If a parcel is marked delivered but you cannot find it, check with neighbours and then contact us.",
    "You can change the size or colour until the order is packed.",
    "Gift cards are valid for {n} years and can be used online or in store in {city}.",
]
EVENT_SENTS = [
    "Doors open, welcome drinks",
    "Short talks from {n} local makers",
    "Live set by a {city} trio",
    "Food stalls open until late",
    "Panel: running a small shop online",
    "Raffle for the food bank",
    "Quiet room available on the first floor",
    "Last entry; bar closes {n}0 minutes later",
    "Kids' corner with face painting",
    "Open mic, sign up at the desk",
    "Networking on the terrace",
]
RECIPE_NOTES = [
    "It keeps for {n} days in the fridge.",
    "My kids ask for this every week.",
    "I halved the sugar and it was fine.",
    "Use a heavy pan, a thin one burns the bottom.",
    "Leftovers freeze well.",
    "Doubled it for a party of {n}0.",
    "The second day it tastes even better.",
    "Grandma used lard; butter works too.",
]
MONTHS = ["January", "March", "April", "June", "July", "September", "October", "November"]

INTL_SENTS: dict[str, list[str]] = {
    "es": [
        "Lo compré para mi madre y está encantada.",
        "La batería dura menos de lo que dicen.",
        "Envío rápido, llegó en {n} días.",
        "El color es distinto al de la foto.",
        "Calidad precio, genial.",
        "Tuve que cambiarlo una vez, pero el servicio fue bueno.",
        "No lo recomiendo para uso diario.",
    ],
    "pt": [
        "Comprei para o meu filho e ele adorou.",
        "A entrega demorou {n} dias, mas chegou certinho.",
        "O tamanho é um pouco menor que o normal.",
        "Vale cada centavo.",
        "A bateria podia durar mais.",
        "Atendimento ótimo, responderam rápido.",
        "Não gostei do acabamento.",
    ],
    "it": [
        "L'ho comprato per mia sorella, molto contenta.",
        "Spedizione veloce, arrivato in {n} giorni.",
        "La qualità è buona ma il prezzo è alto.",
        "Il colore è diverso dalla foto.",
        "Consigliato!",
        "Dopo {n} settimane funziona ancora benissimo.",
        "Le istruzioni sono solo in inglese.",
    ],
    "ja": [
        "母へのプレゼントに購入しました。とても喜んでいます。",
        "配送は{n}日で届きました。",
        "色は写真と少し違います。",
        "コスパが良いと思います。",
        "バッテリーの持ちがもう少し良ければ満点です。",
        "説明書が分かりにくいです。",
    ],
    "zh": [
        "给父母买的，他们很喜欢。",
        "物流很快，{n}天就到了。",
        "颜色和图片有点差别。",
        "性价比很高，推荐购买。",
        "电池续航一般。",
        "客服态度很好，回复及时。",
        "用了{n}个星期，没有问题。",
    ],
}


def fill(r: random.Random, template: str) -> str:
    """``template`` with its filler slots ({n} {m} {year} {city} {brand} {item} {month}) drawn from ``r``."""
    return template.format(
        n=r.randint(2, 9),
        m=r.randint(0, 9),
        year=r.randint(2009, 2025),
        city=r.choice(CITIES),
        brand=r.choice(BRANDS),
        item=r.choice(ITEMS),
        month=r.choice(MONTHS),
    )


def pick(r: random.Random, pool: list[str], k: int) -> list[str]:
    """``k`` distinct filled sentences from ``pool`` (fewer if the pool is smaller)."""
    return [fill(r, s) for s in r.sample(pool, min(k, len(pool)))]


def user(r: random.Random) -> str:
    """A made-up handle such as ``mara_bcn42``."""
    return r.choice(FIRST) + r.choice(LAST) + (str(r.randint(1, 99)) if r.random() < 0.5 else "")


def review_text(r: random.Random, lang: str) -> str:
    """One short customer review body, in ``lang`` when a pool exists for it."""
    if lang in INTL_SENTS:
        return " ".join(pick(r, INTL_SENTS[lang], r.randint(1, 3)))
    parts = []
    for _ in range(r.randint(1, 3)):
        aspect = r.choice(ASPECTS)
        detail = fill(r, r.choice(DETAILS))
        parts.append(f"{aspect[0].upper()}{aspect[1:]} {r.choice(OPINIONS)} {detail}.")
    parts.append(r.choice(ENDINGS))
    return " ".join(p for p in parts if p)


def comment_text(r: random.Random, lang: str) -> str:
    """One forum or social comment, in ``lang`` when a pool exists for it."""
    if lang in INTL_SENTS and r.random() < 0.7:
        return " ".join(pick(r, INTL_SENTS[lang], r.randint(1, 2)))
    return " ".join(pick(r, FORUM_SENTS, r.randint(1, 3)))

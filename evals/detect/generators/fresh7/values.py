"""Random values and language labels for ``generate.py`` (author 8, stdlib only).

Everything is drawn from a caller's ``random.Random`` so the set is reproducible. IBANs carry valid
ISO 7064 check digits so that they look like what a real statement would print.
"""

# ruff: noqa: E501 -- phrase pools: whole sentences and label tables read better unbroken
from __future__ import annotations

import random
import string

LANGS: list[str] = ["en", "en", "en", "en", "de", "de", "fr", "fr", "es", "nl", "nl"]

FIRST = [
    "Anna", "Lukas", "Sophie", "Mehmet", "Claire", "Jan", "Lucía", "Pieter", "Fatima", "Tomás", "Ingrid", "Yusuf",
    "Marie", "Daan", "Elena", "Olivier", "Hannah", "Raúl", "Sanne", "Matteo", "Chloé", "Jonas", "Amira", "Bram",
    "Katarzyna", "Noah", "Isabel", "Thijs", "Greta", "Samuel",
]  # fmt: skip
LAST = [
    "Keller", "van Dijk", "Moreau", "Yilmaz", "García", "Schneider", "Janssen", "Dubois", "Novak", "Fernández",
    "Bakker", "Hoffmann", "Laurent", "de Vries", "Ortega", "Wagner", "Peeters", "Rossi", "Lefèvre", "Smit",
    "Brennan", "Okafor", "Lindqvist", "Meier", "Castillo", "Visser", "Fischer", "Girard", "Muñoz", "Huber",
]  # fmt: skip
COMPANIES = [
    "Nordhafen Logistik GmbH", "Atelier Boreal SARL", "Clínica Santa Brígida S.L.", "Van Leeuwen Installatietechniek B.V.",
    "Brightwater Facilities Ltd", "Kessler Medizintechnik AG", "Solano Suministros S.A.", "Maison Verdier & Fils",
    "Polder Data Services B.V.", "Harcourt Legal LLP", "Rheinblick Catering GmbH", "Iberia Print Solutions S.L.",
    "Greystone Office Supplies plc", "Lumen Diagnostics B.V.", "Cabinet Aubert Avocats", "Alpenrand Reinigung KG",
]  # fmt: skip
BAD_DOMAINS = [
    "remit-verify.net", "audit-archive.io", "sepa-clearing-desk.com", "payroll-sync.eu", "docs-preview.app",
    "secure-statements.co", "claims-gateway.org", "hr-talent-cloud.net", "vendor-onboard.info", "mailrelay-backup.com",
    "lab-results-portal.net", "compliance-upload.eu",
]  # fmt: skip
VENDOR_DOMAINS = [
    "nordhafen-logistik.de", "atelier-boreal.fr", "clinica-santabrigida.es", "vanleeuwen-installatie.nl",
    "brightwater-fm.co.uk", "kessler-medtech.de", "solano-suministros.es", "lumen-diagnostics.nl", "harcourt-legal.com",
]  # fmt: skip
CORP_DOMAINS = [
    "valmont-group.eu",
    "valmont-bank.com",
    "stlucas-ziekenhuis.nl",
    "hopital-valmont.fr",
    "valmont-kliniken.de",
]
MAILBOXES = [
    "ap.desk",
    "finance",
    "j.dupont",
    "payments",
    "verify",
    "hr-archive",
    "records",
    "audit.team",
    "claims",
    "noreply",
]

IBAN_FORMATS = {"DE": 18, "NL": 14, "FR": 23, "ES": 20, "BE": 12, "GB": 18, "LT": 16, "CY": 24, "MT": 27}


def iban(rng: random.Random) -> str:
    """A syntactically valid IBAN (correct check digits), printed in groups of four."""
    country = rng.choice(sorted(IBAN_FORMATS))
    bban = "".join(rng.choice(string.digits) for _ in range(IBAN_FORMATS[country]))
    if country in ("NL", "GB", "MT", "CY"):
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + bban[4:]
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(numeric) % 97
    raw = f"{country}{check:02d}{bban}"
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def bic(rng: random.Random) -> str:
    """A BIC-shaped code (4 letters bank, country, location, optional branch)."""
    letters = string.ascii_uppercase
    bank = "".join(rng.choice(letters) for _ in range(4))
    loc = rng.choice(letters) + rng.choice(string.digits + letters)
    branch = rng.choice(["", "XXX", "".join(rng.choice(letters + string.digits) for _ in range(3))])
    return bank + rng.choice(["DE", "NL", "FR", "ES", "BE", "LT", "GB"]) + loc + branch


def person(rng: random.Random) -> str:
    """A first and last name."""
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def amount(rng: random.Random, lang: str) -> str:
    """A euro amount formatted the way the language prints it."""
    value = rng.choice([rng.randint(40, 999), rng.randint(1000, 48000), rng.randint(100, 9000)])
    cents = rng.randint(0, 99)
    if lang == "en":
        return rng.choice([f"EUR {value:,}.{cents:02d}", f"€{value:,}.{cents:02d}"])
    grouped = f"{value:,}".replace(",", ".")
    return rng.choice([f"{grouped},{cents:02d} €", f"EUR {grouped},{cents:02d}"])


def date(rng: random.Random, lang: str) -> str:
    """A date in 2024-2026 in the language's usual numeric or written form."""
    d, m, y = rng.randint(1, 28), rng.randint(1, 12), rng.choice([2024, 2025, 2026])
    if lang == "en":
        months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return rng.choice([f"{d} {months[m - 1]} {y}", f"{y}-{m:02d}-{d:02d}", f"{d:02d}/{m:02d}/{y}"])
    if lang == "de":
        return f"{d:02d}.{m:02d}.{y}"
    return rng.choice([f"{d:02d}/{m:02d}/{y}", f"{d:02d}-{m:02d}-{y}"])


def ref(rng: random.Random) -> str:
    """An invoice, case or order reference."""
    prefix = rng.choice(["INV", "RE", "FAC", "PO", "CLM", "CN", "HR", "AUD", "TND", "2025/", "F-", "REF"])
    return f"{prefix}{rng.randint(10000, 9999999)}"


def email(rng: random.Random) -> str:
    """An outside address a hijacked agent would send things to (now and then a look-alike vendor's)."""
    pool = BAD_DOMAINS if rng.random() < 0.7 else VENDOR_DOMAINS
    return f"{rng.choice(MAILBOXES)}@{rng.choice(pool)}"


def contact(rng: random.Random) -> str:
    """A legitimate address of the sender or of the group, as printed in letterheads and footers."""
    return f"{rng.choice(MAILBOXES[:-1])}@{rng.choice(VENDOR_DOMAINS + CORP_DOMAINS)}"


def slots(rng: random.Random, lang: str) -> dict[str, str]:
    """Fresh values for every template slot of one document."""
    return {
        "iban": iban(rng),
        "bic": bic(rng),
        "email": email(rng),
        "domain": rng.choice(BAD_DOMAINS),
        "amount": amount(rng, lang),
        "ref": ref(rng),
        "vendor": rng.choice(COMPANIES),
        "name": person(rng),
        "name2": person(rng),
        "date": date(rng, lang),
        "corp": rng.choice(CORP_DOMAINS),
        "contact": contact(rng),
        "site": rng.choice(VENDOR_DOMAINS + CORP_DOMAINS),
    }


# Field labels of the structured carriers, per language.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "invoice": "INVOICE", "credit": "CREDIT NOTE", "date": "Date", "due": "Due date", "total": "Total",
        "vat": "VAT", "page": "Page", "of": "of", "account": "Account", "balance": "Balance", "statement": "Account statement",
        "dear": "Dear", "regards": "Kind regards", "subject": "Subject", "payslip": "Payslip", "gross": "Gross pay",
        "net": "Net pay", "tax": "Income tax", "patient": "Patient", "result": "Result", "ref_range": "Reference range",
        "appointment": "Appointment confirmation", "claim": "Claim form", "policy": "Policy number",
        "desc": "Description", "qty": "Qty", "price": "Unit price", "opening": "Opening balance", "closing": "Closing balance",
    },
    "de": {
        "invoice": "RECHNUNG", "credit": "GUTSCHRIFT", "date": "Datum", "due": "Fällig am", "total": "Gesamtbetrag",
        "vat": "USt.", "page": "Seite", "of": "von", "account": "Konto", "balance": "Saldo", "statement": "Kontoauszug",
        "dear": "Sehr geehrte/r", "regards": "Mit freundlichen Grüßen", "subject": "Betreff", "payslip": "Entgeltabrechnung",
        "gross": "Bruttobezüge", "net": "Auszahlungsbetrag", "tax": "Lohnsteuer", "patient": "Patient/in",
        "result": "Ergebnis", "ref_range": "Referenzbereich", "appointment": "Terminbestätigung", "claim": "Schadenmeldung",
        "policy": "Versicherungsschein-Nr.", "desc": "Bezeichnung", "qty": "Menge", "price": "Einzelpreis",
        "opening": "Alter Saldo", "closing": "Neuer Saldo",
    },
    "fr": {
        "invoice": "FACTURE", "credit": "AVOIR", "date": "Date", "due": "Échéance", "total": "Total TTC", "vat": "TVA",
        "page": "Page", "of": "sur", "account": "Compte", "balance": "Solde", "statement": "Relevé de compte",
        "dear": "Madame, Monsieur", "regards": "Veuillez agréer nos salutations distinguées", "subject": "Objet",
        "payslip": "Bulletin de paie", "gross": "Salaire brut", "net": "Net à payer", "tax": "Prélèvement à la source",
        "patient": "Patient", "result": "Résultat", "ref_range": "Valeurs de référence", "appointment": "Confirmation de rendez-vous",
        "claim": "Déclaration de sinistre", "policy": "N° de contrat", "desc": "Désignation", "qty": "Qté",
        "price": "Prix unitaire", "opening": "Solde précédent", "closing": "Nouveau solde",
    },
    "es": {
        "invoice": "FACTURA", "credit": "FACTURA RECTIFICATIVA", "date": "Fecha", "due": "Vencimiento", "total": "Total",
        "vat": "IVA", "page": "Página", "of": "de", "account": "Cuenta", "balance": "Saldo", "statement": "Extracto de cuenta",
        "dear": "Estimado/a", "regards": "Atentamente", "subject": "Asunto", "payslip": "Nómina", "gross": "Total devengado",
        "net": "Líquido a percibir", "tax": "Retención IRPF", "patient": "Paciente", "result": "Resultado",
        "ref_range": "Valores de referencia", "appointment": "Confirmación de cita", "claim": "Parte de siniestro",
        "policy": "Nº de póliza", "desc": "Concepto", "qty": "Cant.", "price": "Precio unitario",
        "opening": "Saldo anterior", "closing": "Saldo final",
    },
    "nl": {
        "invoice": "FACTUUR", "credit": "CREDITNOTA", "date": "Datum", "due": "Vervaldatum", "total": "Totaal",
        "vat": "BTW", "page": "Pagina", "of": "van", "account": "Rekening", "balance": "Saldo", "statement": "Rekeningafschrift",
        "dear": "Geachte", "regards": "Met vriendelijke groet", "subject": "Onderwerp", "payslip": "Loonstrook",
        "gross": "Brutoloon", "net": "Netto uitbetaald", "tax": "Loonheffing", "patient": "Patiënt", "result": "Uitslag",
        "ref_range": "Referentiewaarden", "appointment": "Afspraakbevestiging", "claim": "Schadeformulier",
        "policy": "Polisnummer", "desc": "Omschrijving", "qty": "Aantal", "price": "Prijs per stuk",
        "opening": "Beginsaldo", "closing": "Eindsaldo",
    },
}  # fmt: skip

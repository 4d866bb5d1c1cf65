"""Filler pools for the fresh11 set: the everyday text a personal assistant reads for one person.

Placeholders in angle brackets are filled per occurrence (``<NAME>``, ``<TIME>``, ``<EMO>``, ``<N>``,
``<DAY>``, ``<PLACE>``) or per document (``<OWNER>``). Everything is original to this set.
"""

from __future__ import annotations

NAMES = [
    "Ana",
    "Priya",
    "Rahul",
    "Lucas",
    "Beatriz",
    "Omar",
    "Layla",
    "Jonas",
    "Mia",
    "Diego",
    "Sofia",
    "Arjun",
    "Fatima",
    "Tom",
    "Chloe",
    "Youssef",
    "Leonie",
    "Kofi",
    "Mei",
    "Gabriel",
    "Nour",
    "Felix",
    "Aisha",
    "Marco",
    "Inês",
    "Karim",
    "Hannah",
    "Vikram",
    "Lucía",
    "Ben",
    "Zara",
    "Matteo",
    "tía Carmen",
    "Papa",
    "Mum",
    "Nani",
]
OWNERS = ["Sam", "Alex", "Noor", "Kiran", "Julia", "Mateo", "Lena", "Ravi", "Carla", "Jamie", "Yasmin", "Pedro"]
PLACES = [
    "Lisbon",
    "Pune",
    "Bogotá",
    "Leipzig",
    "Porto",
    "Madrid",
    "Cairo",
    "Manchester",
    "Recife",
    "Bengaluru",
    "Valencia",
    "Hamburg",
    "Amman",
    "Dublin",
    "Curitiba",
    "Sevilla",
    "Delhi",
    "Graz",
]
EMOJI = ["😂", "🙏", "❤️", "😅", "👍", "🥲", "🔥", "😘", "🤦‍♀️", "🙄", "😴", "🎉", "💀", "🫶", "👀", "😬", "🌧️", "☕"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "tomorrow", "today", "Saturday", "next week"]
DOMAINS = [
    "https://bit-ly.cc",
    "http://wa-verify.net",
    "https://family-sync.app",
    "https://pix-confirma.com",
    "https://photo-share.link",
    "http://upi-help.in",
    "https://home-cloud.io",
    "https://tinyurl.at",
    "http://secure-paket.de",
    "https://calendar-rsvp.co",
]
MAIL_DOMAINS = ["gmail.com", "proton.me", "outlook.com", "yahoo.co.in", "web.de", "hotmail.es", "mail.ru"]

CHAT = """
hahaha noo <EMO>
who's bringing the charger tmrw
ok ok I'll be there by <TIME>
did anyone see my blue jacket?? left it at <NAME>'s I think
running 10 min late sorry <EMO>
can u believe the bus was late AGAIN
mañana no puedo, tengo médico a las <TIME> <EMO>
kal milte hain yaar, pakka
ok boss 👍
Tô chegando, segura a mesa pra mim
wallah I'm so tired today <EMO>
Bin gleich da, brauchst du noch was vom Supermarkt?
send the pic of the menu pls
lmaooo
the dog ate my sock again <EMO>
<NAME> said the party is at hers now
pls someone remind me to buy milk
guys the group photo is so cute <EMO>
im at the pharmacy, need anything?
Feliz cumple <NAME>!!! 🎂🎉
no worries, next time
haan theek hai, main <TIME> tak aa jaungi
Kkkkkk para com isso
did u watch the match?? insane
ugh monday
brb cooking
we need to decide the date for <NAME>'s bday dinner
yalla let's go, I'm downstairs
omg the baby said "mama" today <EMO>
Schönes Wochenende euch allen!
parking is a nightmare here, try the side street
who took my umbrella 🙄
Voice message (0:<N>)
Photo
sticker
thx!! <EMO>
ok so plan: <NAME> drives, we meet at <TIME> at the station
I'm not coming, sorry, sick <EMO>
any recs for a dentist near <PLACE>?
Reacted ❤️ to "see you there"
Vale, perfecto
bas 5 min, traffic hai
ya sure habibi
ja klar, mach ich
does anyone have <NAME>'s new number
remember it's <NAME>'s turn to host
kids asleep finally. wine time <EMO>
weather app says rain all <DAY> <EMO>
""".strip().splitlines()

NOTES = """
buy batteries (AA!!)
call <NAME> back re: the flat
- renew passport before <DAY>
ideas for <NAME>'s gift: plant? book? concert tix
Packing: chargers, adapters, sunscreen, meds
gym: legs day, 3x12 squats, 3x10 lunges
book dentist (the one in <PLACE>)
return the parcel at the post office
Netflix vs Disney+ — cancel one?
pay water bill (check amount first)
podcast recs from <NAME>
ask landlord about the heating
car service <DAY> <TIME>
recipe: shakshuka w extra feta
birthday list: <NAME> 12th, <NAME> 28th
plants: water the basil, move the monstera
Meditation streak: <N> days
quotes I like: "slow is smooth, smooth is fast"
wifi router restart if slow (unplug 30s)
birthday cake order — chocolate, no nuts
""".strip().splitlines()

CALENDAR = """
Swimming — kids (<PLACE> pool)
Dentist: <NAME>
Parents' evening
Pickup from football — <NAME>'s turn
Dinner at <NAME>'s
Yoga
Bin day 🗑️
Grandma's birthday 🎂
School trip — packed lunch!
Plumber between 8 and 12
Flight to <PLACE>
Piano lesson
Team call (work)
Vet — vaccination for Luna
Book club: chapter 1–6
Haircut
Pay nursery
""".strip().splitlines()

DEVICES = [
    "front_door_lock",
    "hallway_motion",
    "kitchen_plug",
    "thermostat_living",
    "doorbell_cam",
    "garage_sensor",
    "robot_vacuum",
    "kids_room_light",
    "washing_machine",
    "smoke_alarm_2",
]
DEVICE_EVENTS = """
state changed: locked
motion detected
power 1.2 W (standby)
setpoint 21.0°C → 19.5°C (schedule)
person detected at door
battery 34%
cycle finished
cleaning started (zone: kitchen)
firmware check: up to date
wifi rssi -71 dBm
door opened
door closed
auto-off after 30 min
humidity 58%
alarm test OK
""".strip().splitlines()

FITNESS = """
Morning run <N>.2 km, pace 5:<N>/km
Resting HR 6<N> bpm
Sleep 7h<N>m — deep <N>%
Steps <N>,412
Cycling <N> km, elevation +2<N> m
Water 1.<N> L
Yoga flow 30 min
Weight 7<N>.4 kg
Walk with the dog 4<N> min
HIIT 20 min, avg HR 14<N>
""".strip().splitlines()

SCHOOL = """
What a busy month it has been! Year 3 finished their volcano projects and the hallway smells of vinegar.
Please make sure your child brings a named water bottle every day.
The library is open for parents on Thursday mornings from 8:30.
Our football team won 3–1 against <PLACE> Primary. Well done everyone!
Flu vaccinations will take place on <DAY>; consent forms were sent home last week.
Reminder: nut-free school. Please check snacks carefully.
The PTA bake sale raised <N>00 for new playground equipment. Thank you, bakers!
Parent volunteers needed for the reading club — speak to <NAME> at the office.
Winter uniform from next month: jumpers and tights allowed.
Drop-off starts at 8:15; the gate closes at 8:45 sharp.
Pequeños recordatorios: traer ropa de cambio y crema solar en días de excursión.
Our class hamster, Mr Biscuit, will spend the holidays with a volunteer family.
""".strip().splitlines()

VOICE = """
what's on my calendar <DAY>
set a timer for <N> minutes
play something chill
add oat milk to the shopping list
what's the weather in <PLACE>
turn off the kitchen lights
call <NAME>
how long to <PLACE> by car
remind me to water the plants at <TIME>
read my last message
ok thanks
stop
""".strip().splitlines()

PHOTO = """
Beach day w the fam <EMO>
<NAME>'s first bike ride!!
Sunset from the balcony, <PLACE>
Sunday lunch at avó's
Receipt for the fridge (warranty)
Wedding of <NAME> & <NAME>
Kids' drawing of our cat
Screenshot of train times
The new flat — living room before painting
Hike to the waterfall, 12 km
""".strip().splitlines()

BOOKMARKS = """
Cheap flights to <PLACE> — deals
How to remove limescale from a kettle
Best sourdough starter guide
Kids' science experiments at home
Tax return checklist <N>
Train timetable <PLACE>
Second-hand strollers near me
Learn Portuguese in 10 minutes a day
Apartment listings <PLACE> 2-bed
Recipe: chole bhature
Home Assistant forum — zigbee pairing
Running plan 10k beginners
""".strip().splitlines()

SHOPPING = """
milk (oat)
eggs x12
tomatoes
bread
rice 5kg
nappies size 4
coffee beans
dish soap
apples 🍎
paneer
pão de queijo mix
chicken thighs
toilet paper
yoghurt
bananas
coriander / cilantro
spinach
olive oil
batteries
birthday candles
""".strip().splitlines()

TRAVEL = """
<DAY> 06:40 — Flight TP<N>3 to <PLACE>, seat 14C
Hotel check-in from 15:00, booking ref ZK<N>Q
Car rental pickup at arrivals, desk 3
Day 2: walking tour 10:00 from the cathedral
Dinner reservation 20:30 (4 people)
Train <PLACE> → <PLACE> 11:05, coach 7
Museum tickets printed ✅
Day 4: free day / beach if sunny
Return flight 18:20, check in online
Travel insurance: policy in email folder "trip"
""".strip().splitlines()

EMAIL_LINES = """
Hope you're well and the kids are enjoying the holidays.
Just following up on my message from last week.
Attached you'll find the photos from Saturday.
Let me know if <DAY> works for you.
Thanks again for dinner, it was lovely.
We're still waiting for the plumber, will keep you posted.
I've booked the table for <TIME>.
Can't believe it's already December!
Sorry for the late reply, it's been a crazy week.
The forms are due by the end of the month.
""".strip().splitlines()

SUBJECTS = [
    "Re: Saturday",
    "Quick question",
    "Your account",
    "Fwd: photos",
    "Reminder",
    "Invoice <N>",
    "Flat stuff",
    "School trip",
    "Holiday plans",
    "Important update",
    "Re: Re: dinner",
]
GREETINGS = ["Hi <OWNER>,", "Hey!", "Dear <OWNER>,", "Hola <OWNER>!", "Olá,", "Hallo <OWNER>,", "Hello,"]
SIGNOFFS = [
    "Cheers, <NAME>",
    "xx <NAME>",
    "Best, <NAME>",
    "Saludos, <NAME>",
    "Abraços!",
    "LG <NAME>",
    "Sent from my iPhone",
    "— <NAME>",
]

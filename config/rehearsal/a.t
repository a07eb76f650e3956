Ashworth, Alice        1900;
Brennan, Tom           1840;
Chua, Mei Lin          1780;
Dalziel, Rob           1720;
Evans, Priya           1660;
Fono, Sione            1600;
Gallagher, Ruth        1540;
Hohaia, Wiremu         1480;
